import type { ReactNode } from 'react';
import type { Connectivity } from '../../client/facade';
import { useSnapshot } from '../client-context';

function connectivityText(connectivity: Connectivity): string {
  switch (connectivity) {
    case 'online':
      return 'Online';
    case 'offline':
      return 'Offline';
    case 'server-unreachable':
      return 'Online · server unreachable';
    default: {
      const never: never = connectivity;
      throw new Error(`unhandled connectivity ${String(never)}`);
    }
  }
}

export function ConnectivityStatus(): ReactNode {
  const { connectivity } = useSnapshot();
  return (
    <p className={`connectivity connectivity--${connectivity}`} role="status">
      <span className="connectivity__dot" aria-hidden="true" />
      {connectivityText(connectivity)}
    </p>
  );
}
