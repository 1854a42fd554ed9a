import type { ReactNode } from 'react';
import type { ClientSnapshot } from '../../client/facade';
import { useSnapshot } from '../client-context';
import type { Format } from '../format';
import type { ShellMessages } from '../i18n/en-shell';
import { useShellI18n } from '../i18n/i18n-context';
import { assertNever } from '../../protocol/assert-never';

/** "Online", "Offline", "Server unreachable · checking again at 14:02", "Server busy · …". */
export function connectivityText(
  snapshot: Pick<ClientSnapshot, 'connectivity' | 'nextCheckAt'>,
  t: ShellMessages,
  format: Format,
): string {
  const next = snapshot.nextCheckAt === null ? null : format.time(Date.parse(snapshot.nextCheckAt));
  const words = t.connectivity;
  switch (snapshot.connectivity) {
    case 'online':
      return words.online;
    case 'offline':
      return words.offline;
    case 'server-unreachable':
      return next === null ? words.unreachable : words.unreachableUntil(next);
    case 'server-busy':
      return next === null ? words.busy : words.busyUntil(next);
    default:
      return assertNever(snapshot.connectivity);
  }
}

/** The last real answer (docs/client.md#the-status-bar): Online, Offline, or unreachable and when
 * it looks again. */
export function ConnectivityStatus(): ReactNode {
  const snapshot = useSnapshot();
  const { t, format } = useShellI18n();
  const { connectivity } = snapshot;
  return (
    <p className={`connectivity connectivity--${connectivity}`} role="status">
      <span className="connectivity__dot" aria-hidden="true" />
      {connectivityText(snapshot, t, format)}
    </p>
  );
}
