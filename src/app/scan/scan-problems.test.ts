import { describe, expect, it } from 'vitest';
import { de } from '../i18n/de';
import { en } from '../i18n/en';
import { cameraProblem, type ScanProblem } from './scan-problems';

const rejection = (name: string): DOMException => new DOMException('raw browser text', name);

describe('why scanning cannot run', () => {
  it('reads getUserMedia rejections by name', () => {
    expect(cameraProblem(rejection('NotAllowedError'))).toBe('refused');
    expect(cameraProblem(rejection('SecurityError'))).toBe('refused');
    expect(cameraProblem(rejection('NotFoundError'))).toBe('no-camera');
    expect(cameraProblem(rejection('OverconstrainedError'))).toBe('no-camera');
    expect(cameraProblem(rejection('NotReadableError'))).toBe('camera-busy');
    expect(cameraProblem(new TypeError('x'))).toBe('camera-failed');
    expect(cameraProblem('a string')).toBe('camera-failed');
  });

  it('says each in plain words, never the browser’s own error text', () => {
    const all: ScanProblem[] = [
      'no-camera-api',
      'refused',
      'no-camera',
      'camera-busy',
      'camera-failed',
      'reader-failed',
    ];
    for (const catalogue of [en, de]) {
      const texts = all.map((problem) => catalogue.scan.problems[problem]);
      expect(new Set(texts).size).toBe(all.length);
      for (const text of texts) expect(text).not.toMatch(/raw browser text|Error|undefined/);
    }
  });
});
