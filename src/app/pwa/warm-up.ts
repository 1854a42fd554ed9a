/**
 * Once someone is signed in, the service worker fetches what the install precache left out
 * (src/sw/after-sign-in.ts): the screens behind sign-in, the message catalogues (Settings can
 * switch the language offline) and the barcode reader, so they open offline later. Asked again
 * whenever the browser comes back online while signed in: the worker keeps what it already has,
 * so that costs nothing. The catalogues are also asked for, signed in or not, while a language
 * other than English is in use (src/app/i18n/i18n-context.tsx).
 */
import { useEffect } from 'react';
import { WARM_SCREENS } from '../../sw/after-sign-in';
import { WARM_LANGUAGES } from '../../sw/language-files';
import { WARM_READER } from '../../sw/reader-files';
import { readerHere } from '../scan/detector';

/** The worker fetches the message catalogues into its cache, if it does not have them yet. */
export async function warmLanguages(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.ready;
  registration.active?.postMessage({ type: WARM_LANGUAGES });
}

async function warmUp(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.ready;
  registration.active?.postMessage({ type: WARM_SCREENS });
  registration.active?.postMessage({ type: WARM_LANGUAGES });
  // A browser whose own BarcodeDetector reads every format never needs the WebAssembly reader.
  if ((await readerHere()) === 'native') return;
  registration.active?.postMessage({ type: WARM_READER });
}

export function useWarmUpAfterSignIn(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return undefined;
    const warm = (): void => void warmUp();
    warm();
    window.addEventListener('online', warm);
    return () => window.removeEventListener('online', warm);
  }, [signedIn]);
}
