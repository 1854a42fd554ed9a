import type { ReactNode } from 'react';
import type { OperationView } from '../../client/facade';
import { useSnapshot } from '../client-context';
import { NotOnDevice } from '../components/not-on-device';
import { Screen } from '../components/screen';
import { useI18n } from '../i18n/i18n-context';
import { formOfCreate } from '../input/item-form';
import { href } from '../routes';
import { useOperationWords } from '../use-operation-words';
import { AdjustForm } from './adjust-form';
import { CountForm } from './count-form';
import { ArchiveItem, EditItemForm, NewItemForm } from './item-form-screens';
import { assertNever } from '../../protocol/assert-never';
import { isPlaceOp, isStocktakeOp } from '../../protocol/op-item';
import { MoveStockForm } from './move-stock-form';
import { PlacesPanel } from './places-panel';

/** The operation's own form, filled with its values; nothing is sent until the person saves. */
function PrefilledForm({ op }: { op: OperationView }): ReactNode {
  const { items } = useSnapshot();
  const { t } = useI18n();
  const o = op.op;
  if (o.type === 'createItem') {
    const { itemId: _id, type: _type, ...rest } = o;
    return <NewItemForm initial={formOfCreate(rest)} againOf={op.id} />;
  }
  if (isPlaceOp(o)) return <PlacesPanel />;
  if (isStocktakeOp(o)) {
    // A count again is a new count on the stock-take's own screen.
    return (
      <p>
        <a href={href({ name: 'stocktake', id: o.stocktakeId })}>{t.enterAgain.stocktake}</a>
      </p>
    );
  }
  const item = items.find((i) => i.id === o.itemId);
  if (!item) {
    return <p>{t.enterAgain.itemMissing(o.itemId)}</p>;
  }
  switch (o.type) {
    case 'adjust':
      return (
        <AdjustForm
          item={item}
          againOf={op.id}
          initial={{
            delta: o.delta,
            reason: o.reason,
            ...(o.note !== undefined ? { note: o.note } : {}),
            ...(o.allowNegative !== undefined ? { allowNegative: o.allowNegative } : {}),
          }}
        />
      );
    case 'count':
      return <CountForm item={item} againOf={op.id} initial={o.quantity} />;
    case 'updateItem':
      return <EditItemForm item={item} again={{ id: op.id, changes: o.changes }} />;
    case 'archiveItem':
      return <ArchiveItem item={item} againOf={op.id} />;
    case 'transfer':
      return (
        <MoveStockForm
          item={item}
          againOf={op.id}
          initial={{ from: o.fromPlaceId, to: o.toPlaceId, quantity: o.quantity }}
        />
      );
    default:
      return assertNever(o);
  }
}

/**
 * "Enter again as new": the reviewed change's form, prefilled for the person to edit and save (a
 * would-go-negative −50 can become −45, or a manager can allow negative). Once saved, the form
 * gives way to a link to the new change, so it cannot be entered again twice.
 */
export function EnterAgainScreen({ id }: { id: string }): ReactNode {
  const { operations } = useSnapshot();
  const { t } = useI18n();
  const wordsOf = useOperationWords();
  const op = operations.find((o) => o.id === id);
  if (!op) {
    return <NotOnDevice what="change" />;
  }
  const resolution = op.resolution;
  const words = wordsOf(op);
  return (
    <Screen title={t.enterAgain.title}>
      <p>
        {t.enterAgain.entering}{' '}
        <a href={href({ name: 'operation', handle: op.handle })}>{words.summary}</a>{' '}
        {t.enterAgain.instructions(words.label)}
      </p>
      {resolution?.kind === 'entered-again' ? (
        <p className="form-message" role="status">
          {t.enterAgain.done}{' '}
          <a href={href({ name: 'operation', handle: resolution.newOperationId })}>
            {t.enterAgain.openNewChange}
          </a>
          .
        </p>
      ) : op.canEnterAgain ? (
        <PrefilledForm op={op} />
      ) : (
        <p>{t.enterAgain.noLonger}</p>
      )}
    </Screen>
  );
}
