/**
 * Each finger or key on the page tells the client a change may follow at once, so the person's
 * write goes before the background's next transaction (client/person-first.ts). Capturing: the
 * client hears it before any screen handles the event.
 */
import type { StockroomClient } from '../client';

const ACTING_EVENTS = ['pointerdown', 'keydown'] as const;

export function watchPersonActing(
  target: EventTarget,
  client: Pick<StockroomClient, 'personActing'>,
): void {
  for (const type of ACTING_EVENTS) {
    target.addEventListener(type, () => client.personActing(), { capture: true, passive: true });
  }
}
