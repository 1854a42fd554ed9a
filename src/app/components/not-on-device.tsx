import type { ReactNode } from 'react';
import { useI18n } from '../i18n/i18n-context';
import { href } from '../routes';
import { Screen } from './screen';

/** An address naming an item or a change this device does not hold (yet), with the way back. */
export function NotOnDevice({ what }: { what: 'item' | 'change' }): ReactNode {
  const { t } = useI18n();
  const words = t.notOnDevice;
  return what === 'item' ? (
    <Screen title={words.itemTitle}>
      <p>{words.itemText}</p>
      <a className="button" href={href({ name: 'items' })}>
        {words.backToItems}
      </a>
    </Screen>
  ) : (
    <Screen title={words.changeTitle}>
      <p>{words.changeText}</p>
      <a className="button" href={href({ name: 'activity' })}>
        {words.backToActivity}
      </a>
    </Screen>
  );
}
