/**
 * The kernel's count of connections dropped because a listening socket's accept queue was full
 * (`TcpExt: ListenOverflows` in /proc/net/netstat, machine-wide): a wait no server code can see,
 * since the client only retries its SYN after 1 s, 3 s, 7 s… null where /proc is not Linux's.
 */
import { readFileSync } from 'node:fs';

export function listenOverflows(): number | null {
  try {
    const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n');
    const names = lines.find((l) => l.startsWith('TcpExt:'))?.split(/\s+/) ?? [];
    const values = lines.filter((l) => l.startsWith('TcpExt:'))[1]?.split(/\s+/) ?? [];
    const at = names.indexOf('ListenOverflows');
    return at > 0 && values[at] !== undefined ? Number(values[at]) : null;
  } catch {
    return null;
  }
}
