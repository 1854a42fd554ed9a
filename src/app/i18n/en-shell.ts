/**
 * The English words of the app shell and the sign-in screen: the part of the English catalogue
 * (en.ts) in the main chunk. The rest of en.ts, the words of the screens behind sign-in, is a
 * chunk of its own like every other catalogue (catalogues.ts), so a cold visit to the sign-in
 * screen does not download them (bench figure `first_load_kb`).
 */
import { enOperations } from './en-operations';
import { enRefusals } from './en-refusals';
import { pluralRules } from './plural';

/** Plurals by the language's rules (Intl.PluralRules), never a hand-written test for one. */
const plural = pluralRules('en');

export const enShell = {
  /** Why a command did nothing, one sentence per kind (client/core/refusals.ts). */
  refusals: enRefusals,
  app: {
    brand: 'Stockroom',
    opening: "Opening this device's data…",
    notFoundTitle: 'Page not found',
    notFoundText: 'There is no page at this address.',
    screenUnavailable:
      'This screen could not be opened without a connection. Reconnect, then reload the page.',
    updateReady: 'A new version of Stockroom is ready.',
    reloadToUpdate: 'Reload to update',
  },
  nav: {
    label: 'Main',
    items: 'Items',
    activity: 'Activity',
    settings: 'Settings',
    tester: 'Tester',
    stocktakes: 'Stock-takes',
    notConfirmed: (count: string) => `, ${count} not yet confirmed`,
  },
  connectivity: {
    online: 'Online',
    offline: 'Offline',
    unreachable: 'Server unreachable',
    unreachableUntil: (time: string) => `Server unreachable · checking again at ${time}`,
    busy: 'Server busy',
    busyUntil: (time: string) => `Server busy · trying again at ${time}`,
  },
  banners: {
    quotaExceeded:
      "This device's storage is full. Changes already saved here are kept; free some space before making new ones.",
    upgradeBlocked:
      'Another Stockroom tab is holding the old local storage. Close the other Stockroom tabs to continue; nothing saved here is lost.',
    localWriteFailed:
      'Server result found; local storage needs attention. Nothing is lost, and resending is safe.',
    deadline: (count: number, when: string) =>
      plural(
        count,
        `1 change must reach the server by ${when} or it will need review.`,
        `${count} changes must reach the server by ${when} or they will need review.`,
      ),
  },
  notices: {
    label: 'Notices',
    dismiss: 'Dismiss notice',
    one: (summary: string, label: string) => `${summary}: ${label}`,
    needYou: (count: string) => `${count} changes need you`,
    confirmed: (count: string) => `${count} confirmed`,
    notApplied: (count: string) => `${count} not applied`,
    done: (count: string, parts: string) => `${count} changes: ${parts}`,
  },
  format: {
    /** "12 · −2 pending → 10": the confirmed stock, the pending effect, what the stock will be. */
    withPending: (confirmed: string, pending: string, willBe: string | null) =>
      `${confirmed} · ${pending} pending${willBe === null ? '' : ` → ${willBe}`}`,
    pendingCount: (quantity: string) => `count ${quantity}`,
    drain: (sent: string, total: string) => `Sending ${sent} of ${total}`,
    underAMinute: 'under a minute',
    justNow: 'just now',
    unknownTime: 'at an unknown time',
    inTheFuture: 'in the future (this device clock may be wrong)',
    phase: (name: string, ms: string) => `${name} ${ms} ms`,
    noPhases: 'none reported',
  },
  operations: enOperations,
  session: {
    expiredHeading: 'Sign in again',
    expiredText:
      'The server asks you to sign in again before it takes more changes. Everything saved on this device stays here and is sent, with its same identity, once you have signed in.',
  },
  signIn: {
    title: 'Sign in to Stockroom',
    form: 'Sign in',
    username: 'Username',
    password: 'Password',
    submit: 'Sign in',
    missing: 'Enter your username and password.',
    othersWaiting: (count: number, shown: string, user: string) =>
      plural(
        count,
        `1 change by ${user} is waiting; sign in as ${user} to send it.`,
        `${shown} changes by ${user} are waiting; sign in as ${user} to send them.`,
      ),
  },
};

/** The sections the app shell and the sign-in screen use. */
export type ShellMessages = typeof enShell;
