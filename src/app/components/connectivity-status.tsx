import type { ReactNode } from 'react';
import { useSnapshot } from '../client-context';

/** The last real answer (spec/client.md): Online, Offline, or unreachable and when it looks again. */
export function ConnectivityStatus(): ReactNode {
  const { connectivity, connectivityLabel } = useSnapshot();
  return (
    <p className={`connectivity connectivity--${connectivity}`} role="status">
      <span className="connectivity__dot" aria-hidden="true" />
      {connectivityLabel}
    </p>
  );
}
