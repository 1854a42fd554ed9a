/**
 * Who counts as local: tester mode answers loopback clients only (the socket's address, never a
 * forwarded header), and the session answer says so.
 */
/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (a dual-stack socket reports ::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || address === '::1';
}
