/**
 * The server's clock now, as this device last read it: every deadline shown is judged against it
 * (docs/client.md#tester-panel: every deadline shown follows the server's clock).
 */
import { useSnapshot } from './client-context';
import { useNow } from './use-now';

export function useServerNow(): { serverNow: number; offsetMs: number } {
  const offsetMs = useSnapshot().serverOffsetMs ?? 0;
  return { serverNow: useNow() + offsetMs, offsetMs };
}
