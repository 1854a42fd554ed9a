/**
 * The message catalogues other than English (src/app/i18n/catalogues.ts) are chunks of their own,
 * loaded only when their language is in use. They are not in the install precache: every first
 * visit would download German for the few who read it (bench figure `first_load_kb`). They are not
 * left to the screens' warm-up after sign-in either: a browser that asks for German shows the
 * sign-in screen in German, and that screen must open offline too. So they have a cache of their
 * own, which the worker fills when a page speaks a language other than English (its catalogue is
 * then in the browser's HTTP cache already, so that costs no second download) and after sign-in
 * (Settings can switch the language offline); the worker serves them from there first
 * (warm-cache.ts). Pure: shared by the worker and the page (the build's marking and check:
 * scripts/precache-manifest.ts).
 */

/** Cache Storage name of the catalogue chunks (not the precache: workbox never fetches them). */
export const LANGUAGES_CACHE = 'stockroom-languages';

/** The page's message asking the worker to fetch the catalogues, if it does not have them yet. */
export const WARM_LANGUAGES = 'WARM_LANGUAGES';
