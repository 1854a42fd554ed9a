/**
 * Once someone is signed in, the service worker fetches the barcode reader so scanning works
 * offline later (src/sw/reader-files.ts says why not at install). Asked again whenever the browser
 * comes back online while signed in: the worker keeps what it already has, so that costs nothing.
 */
import { useEffect } from 'react';
import { WARM_READER } from '../../sw/reader-files';
import { readerHere } from './detector';

async function warmReader(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  // A browser whose own BarcodeDetector reads every format never needs the WebAssembly reader.
  if ((await readerHere()) === 'native') return;
  const registration = await navigator.serviceWorker.ready;
  registration.active?.postMessage({ type: WARM_READER });
}

export function useReaderWarmUp(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return undefined;
    const warm = (): void => void warmReader();
    warm();
    window.addEventListener('online', warm);
    return () => window.removeEventListener('online', warm);
  }, [signedIn]);
}
