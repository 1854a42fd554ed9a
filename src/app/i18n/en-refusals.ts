/** English words for every refusal of a command (client/core/refusals.ts). */
import { pluralRules } from './plural';
import type { RefusalWords } from './refusal-case';

const plural = pluralRules('en');

export const enRefusals: RefusalWords = {
  'wrong-credentials': () => 'Wrong username or password.',
  'too-many-attempts': () => 'Too many attempts. Wait a moment, then sign in.',
  'sign-in-unreachable': () => 'The server cannot be reached. Signing in needs a connection.',
  // The server's own detail (problem+json): it words the problem for people.
  'server-problem': (r) => r.detail,
  'storage-failed': () => 'This device could not store the change; nothing was saved.',
  unexpected: (r) => r.detail,
  'unconfirmed-changes': (r, count) => {
    const them = plural(r.count, 'it', 'them');
    return (
      `${count(r.count)} ${plural(r.count, 'change is', 'changes are')} not confirmed yet, so nothing was removed and you are still signed in. ` +
      `Let ${them} reach the server (see Activity), or choose Sign out to keep ${them} on this ` +
      `device for your next sign-in.`
    );
  },
  'signed-out-change': () => 'Sign in to make changes.',
  'signed-out-export': () => 'Sign in to export your changes.',
  'signed-out-history': () => 'Sign in to see the history.',
  'tester-only': () => 'Sign in as a manager on a server in tester mode.',
  'history-unreachable': () => 'The history is on the server, which cannot be reached now.',
  'no-lease': () => 'This device needs to reach the server once before it can save changes.',
  'no-room': (r, count) =>
    `This device can save ${count(r.room)} more ${plural(r.room, 'change', 'changes')} before it reaches the server again; import fewer rows, or connect first.`,
  // The protocol's check names the field; forms check first, so people rarely meet it.
  invalid: (r) => r.detail,
  'not-cancellable': () =>
    'It may already have been sent, so it cannot be cancelled; make a new change to undo it.',
  'not-discardable': () => 'Only reviewed operations can be discarded.',
  'not-repeatable': () => 'This change cannot be entered again or reversed.',
  'backup-not-json': () => 'This file is not a Stockroom backup (it is not JSON).',
  'backup-unreadable': () => 'This file is not a Stockroom backup this version can read.',
  'backup-signed-out': () => 'Sign in to import a backup of your changes.',
  'backup-of-others': (r) =>
    `This backup holds changes by ${r.people.join(', ')}. Only they can import them, signed in as themselves; nothing was imported.`,
  'accounts-offline': () => 'Changing accounts needs a connection.',
  'account-name-taken': (r) => `The username ${r.name} is taken already; nothing was changed.`,
  'account-change-refused': () =>
    'Nobody can disable themselves or make themselves staff, and the last manager stays a manager; nothing was changed.',
  'accounts-managers-only': () => 'Only managers can change accounts; nothing was changed.',
};
