/**
 * The address a limit counts by (docs/api.md#sign-in-limits): an IPv4
 * address as it is, an IPv6 address by its /64. One host is routinely given a whole /64 (SLAAC,
 * privacy addresses), so counting single IPv6 addresses would hand it 2^64 fresh budgets.
 * IPv4-mapped IPv6 (`::ffff:192.0.2.1`, what a dual-stack socket reports) is the IPv4 address.
 * Pure.
 */
import { isIPv4, isIPv6 } from 'node:net';

export function addressKey(ip: string): string {
  const bare = ip.replace(/%.*$/, '');
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return bare;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped?.[1] !== undefined) return mapped[1];
  return `${ipv6Groups(bare).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, in lowercase hex without leading zeros. */
function ipv6Groups(ip: string): string[] {
  const [head = '', tail] = ip.toLowerCase().split('::');
  const part = (s: string): string[] => (s === '' ? [] : s.split(':'));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  // An embedded IPv4 tail (`64:ff9b::192.0.2.1`) is two groups; only the first four matter here.
  const groups = (list: string[]) => list.flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const l = groups(left);
  const r = groups(right);
  const zeros = tail === undefined ? [] : Array<string>(8 - l.length - r.length).fill('0');
  return [...l, ...zeros, ...r].map((g) => parseInt(g, 16).toString(16));
}
