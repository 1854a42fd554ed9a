/**
 * Keyboard-wedge scanners anywhere a scan works (docs/client.md#places): one key listener for the
 * app (wedge-detector.ts decides what is a scan), and the screen in front says what a scan means
 * there (`useWedgeTarget`): Receive delivery adds a line, Items opens the item or searches for the
 * code. Elsewhere a scan of one item's code opens it. Inside a text field it is typing: Search
 * items searches.
 */
import { useEffect, useRef } from 'react';
import { href } from '../routes';
import { navigate } from '../use-route';
import { WedgeDetector } from './wedge-detector';

type Handler = (code: string) => void;

/** The screens' handlers, newest (the screen in front) last. */
const targets: { current: Handler }[] = [];

function inTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color'].includes(
    target.type,
  );
}

/** A code scanned elsewhere that Items should search for when it opens (taken once). */
let pendingSearch: string | null = null;
export function searchOnItems(code: string): void {
  pendingSearch = code;
}
/** What a scan means where a screen has no use of its own for it: Items opens its item, or searches. */
export function openOnItems(code: string): void {
  searchOnItems(code);
  navigate(href({ name: 'items' }));
}
export function takePendingSearch(): string | null {
  const code = pendingSearch;
  pendingSearch = null;
  return code;
}

/** A place label (`PLACE:<id>`, printed per place): the place it names, else null. */
export function placeLabel(code: string): string | null {
  const m = /^PLACE:([a-z0-9][a-z0-9-]{0,63})$/.exec(code.trim());
  return m?.[1] ?? null;
}

/** What a place's printed label carries (src/app/labels). */
export function placeLabelText(placeId: string): string {
  return `PLACE:${placeId}`;
}

/** While the calling screen is shown, a scan means `handler`. */
export function useWedgeTarget(handler: Handler): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    const entry = ref;
    targets.push(entry);
    return () => {
      const at = targets.lastIndexOf(entry);
      if (at >= 0) targets.splice(at, 1);
    };
  }, []);
}

/** Installed once (the app's shell): every key press goes to the detector. */
export function useWedgeScanner(fallback: Handler): void {
  const ref = useRef(fallback);
  ref.current = fallback;
  useEffect(() => {
    const detector = new WedgeDetector();
    const onKey = (event: KeyboardEvent) => {
      const code = detector.press({
        key: event.key,
        at: event.timeStamp,
        inTextField: inTextField(event.target),
      });
      if (code === null) return;
      // The Enter ends a scan: it must not also press the button that has the focus.
      event.preventDefault();
      (targets.at(-1)?.current ?? ref.current)(code);
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, []);
}
