import { describe, expect, it } from 'vitest';
import { makeFormat } from '../format';
import { de } from '../i18n/de';
import { en } from '../i18n/en';
import { NOTE_MAX, noteProblem } from './note-field';

describe('the note field', () => {
  it('refuses a note longer than the server takes, in words, instead of cutting it', () => {
    const english = makeFormat('en-GB', en.format);
    expect(noteProblem('x'.repeat(NOTE_MAX), en, english)).toBeNull();
    expect(noteProblem('x'.repeat(600), en, english)).toBe(
      'The note has 600 characters; at most 500 fit. Shorten it: nothing was saved.',
    );
    expect(noteProblem('x'.repeat(600), de, makeFormat('de-DE', de.format))).toBe(
      'Die Notiz hat 600 Zeichen; höchstens 500 passen. Kürze sie: nichts wurde gespeichert.',
    );
  });
});
