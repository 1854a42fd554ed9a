import type { ReactNode } from 'react';
import type { OperationView } from '../../client/facade';
import { formatAge } from '../format';
import { rowLabel } from '../operation-groups';
import { href } from '../routes';

/** One operation in a list: its summary (a link to its detail) and its state label. */
export function OperationRow({ op, now }: { op: OperationView; now: number }): ReactNode {
  return (
    <li className={`op-row op-row--${op.state}`}>
      <a className="op-row__link" href={href({ name: 'operation', handle: op.handle })}>
        {op.summary}
      </a>
      <span className="op-row__label">{rowLabel(op)}</span>
      <span className="op-row__age">Saved {formatAge(op.createdAt, now)}</span>
    </li>
  );
}

export function OperationList(props: {
  operations: readonly OperationView[];
  now: number;
}): ReactNode {
  return (
    <ul className="op-list">
      {props.operations.map((op) => (
        <OperationRow key={op.handle} op={op} now={props.now} />
      ))}
    </ul>
  );
}
