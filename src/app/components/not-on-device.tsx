import type { ReactNode } from 'react';
import { href } from '../routes';
import { Screen } from './screen';

/** An address naming an item or a change this device does not hold (yet), with the way back. */
export function NotOnDevice({ what }: { what: 'item' | 'change' }): ReactNode {
  return what === 'item' ? (
    <Screen title="Item not found">
      <p>This item is not on this device. It may not have been loaded yet.</p>
      <a className="button" href={href({ name: 'items' })}>
        Back to items
      </a>
    </Screen>
  ) : (
    <Screen title="Change not found">
      <p>This change is not on this device.</p>
      <a className="button" href={href({ name: 'activity' })}>
        Back to activity
      </a>
    </Screen>
  );
}
