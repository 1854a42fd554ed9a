import { describe, expect, it } from 'vitest';
import type { Refusal, RefusalKind, RefusalOf } from '../client/facade';
import { makeFormat } from './format';
import { de } from './i18n/de';
import { en } from './i18n/en';
import { refusalWords } from './refusal-words';

/** One refusal of every kind (a Record: a new kind without a sample here is a type error). */
const SAMPLES: { [K in RefusalKind]: RefusalOf<K> } = {
  'wrong-credentials': { kind: 'wrong-credentials' },
  'too-many-attempts': { kind: 'too-many-attempts' },
  'sign-in-unreachable': { kind: 'sign-in-unreachable' },
  'server-problem': { kind: 'server-problem', status: 503, detail: 'The server is busy.' },
  'storage-failed': { kind: 'storage-failed' },
  unexpected: { kind: 'unexpected', detail: 'TypeError: x is undefined' },
  'unconfirmed-changes': { kind: 'unconfirmed-changes', count: 3 },
  'signed-out-change': { kind: 'signed-out-change' },
  'signed-out-export': { kind: 'signed-out-export' },
  'signed-out-history': { kind: 'signed-out-history' },
  'tester-only': { kind: 'tester-only' },
  'history-unreachable': { kind: 'history-unreachable' },
  'no-lease': { kind: 'no-lease' },
  'no-room': { kind: 'no-room', room: 1200 },
  invalid: { kind: 'invalid', detail: 'delta: Number must not be 0' },
  'not-cancellable': { kind: 'not-cancellable' },
  'not-discardable': { kind: 'not-discardable' },
  'not-repeatable': { kind: 'not-repeatable' },
  'backup-not-json': { kind: 'backup-not-json' },
  'backup-unreadable': { kind: 'backup-unreadable' },
  'backup-signed-out': { kind: 'backup-signed-out' },
  'backup-of-others': { kind: 'backup-of-others', people: ['demo', 'manager'] },
  'accounts-offline': { kind: 'accounts-offline' },
  'account-name-taken': { kind: 'account-name-taken', name: 'ana' },
  'account-change-refused': { kind: 'account-change-refused' },
  'accounts-managers-only': { kind: 'accounts-managers-only' },
};

/** The English the client core wrote before the words moved into the catalogue, exactly. */
const ENGLISH: Record<RefusalKind, string> = {
  'wrong-credentials': 'Wrong username or password.',
  'too-many-attempts': 'Too many attempts. Wait a moment, then sign in.',
  'sign-in-unreachable': 'The server cannot be reached. Signing in needs a connection.',
  'server-problem': 'The server is busy.',
  'storage-failed': 'This device could not store the change; nothing was saved.',
  unexpected: 'TypeError: x is undefined',
  'unconfirmed-changes':
    '3 changes are not confirmed yet, so nothing was removed and you are still signed in. Let them reach the server (see Activity), or choose Sign out to keep them on this device for your next sign-in.',
  'signed-out-change': 'Sign in to make changes.',
  'signed-out-export': 'Sign in to export your changes.',
  'signed-out-history': 'Sign in to see the history.',
  'tester-only': 'Sign in as a manager on a server in tester mode.',
  'history-unreachable': 'The history is on the server, which cannot be reached now.',
  'no-lease': 'This device needs to reach the server once before it can save changes.',
  'no-room':
    'This device can save 1,200 more changes before it reaches the server again; import fewer rows, or connect first.',
  invalid: 'delta: Number must not be 0',
  'not-cancellable':
    'It may already have been sent, so it cannot be cancelled; make a new change to undo it.',
  'not-discardable': 'Only reviewed operations can be discarded.',
  'not-repeatable': 'This change cannot be entered again or reversed.',
  'backup-not-json': 'This file is not a Stockroom backup (it is not JSON).',
  'backup-unreadable': 'This file is not a Stockroom backup this version can read.',
  'backup-signed-out': 'Sign in to import a backup of your changes.',
  'backup-of-others':
    'This backup holds changes by demo, manager. Only they can import them, signed in as themselves; nothing was imported.',
  // docs/client.md#people: the offline words are fixed.
  'accounts-offline': 'Changing accounts needs a connection.',
  'account-name-taken': 'The username ana is taken already; nothing was changed.',
  'account-change-refused':
    'Nobody can disable themselves or make themselves staff, and the last manager stays a manager; nothing was changed.',
  'accounts-managers-only': 'Only managers can change accounts; nothing was changed.',
};

const samples = Object.values(SAMPLES) as Refusal[];
const english = (r: Refusal) => refusalWords(en, r, makeFormat('en-GB', en.format).count);
const german = (r: Refusal) => refusalWords(de, r, makeFormat('de-DE', de.format).count);
/** Words no German sentence has, but nearly every English one. */
const ENGLISH_WORDS = /\b(the|this|you|your|is|are|to|sign|change|changes|nothing|server is)\b/i;

describe('a refused command in words', () => {
  it.each(samples)('English keeps the core’s former sentence: %j', (r) => {
    expect(english(r)).toBe(ENGLISH[r.kind]);
  });

  it.each(samples)('German has its own sentence, no English in it: %j', (r) => {
    const words = german(r);
    expect(words).not.toBe(english(r));
    expect(words).not.toMatch(ENGLISH_WORDS);
  });

  it('a German person tells every kind apart (a wrong password is not "no connection")', () => {
    const sentences = new Map<string, string>();
    for (const r of samples) {
      const words = german(r);
      expect(sentences.get(words), `${r.kind} reads like ${sentences.get(words)}`).toBeUndefined();
      sentences.set(words, r.kind);
    }
    expect(sentences.size).toBe(samples.length);
  });

  it('counts by the language’s plural rules', () => {
    const one: Refusal = { kind: 'unconfirmed-changes', count: 1 };
    expect(english(one)).toMatch(
      /^1 change is not confirmed yet.*Let it reach the server.*keep it on/,
    );
    expect(german(one)).toMatch(/^1 Änderung ist noch nicht bestätigt/);
    expect(german({ kind: 'no-room', room: 1200 })).toMatch(/noch 1\.200 Änderungen speichern/);
    expect(english({ kind: 'no-room', room: 1 })).toMatch(/can save 1 more change before/);
  });
});
