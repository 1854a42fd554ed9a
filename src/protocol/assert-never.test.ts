import { describe, expect, it } from 'vitest';
import { assertNever } from './assert-never';

describe('assertNever', () => {
  it('throws, naming the value the types ruled out', () => {
    const arrived = { kind: 'from-a-newer-version' } as never;
    expect(() => assertNever(arrived)).toThrow('unhandled value {"kind":"from-a-newer-version"}');
  });
});
