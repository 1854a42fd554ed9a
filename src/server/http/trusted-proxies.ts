/**
 * Whether a socket's address is one of the reverse proxies named by TRUST_PROXY (an address, a
 * CIDR range, or `loopback`, `linklocal`, `uniquelocal`, as Fastify's trustProxy reads them). A
 * proxy carries many people's connections, so the per-address connection cap does not count it
 * (the proxy caps its clients; the overall MAX_CONNECTIONS still holds).
 */
import { BlockList, isIP } from 'node:net';

const NAMED: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

export function trustedProxies(trustProxy: string | null): (address: string) => boolean {
  if (trustProxy === null) return () => false;
  const list = new BlockList();
  const entries = trustProxy.split(',').flatMap((part) => NAMED[part.trim()] ?? [part.trim()]);
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    if (isIP(address) === 0) continue; // config.ts refuses to start with such an entry
    if (bits === undefined) list.addAddress(address, family(address));
    else list.addSubnet(address, Number(bits), family(address));
  }
  return (address) => {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    const bare = mapped ?? address;
    return isIP(bare) !== 0 && list.check(bare, family(bare));
  };
}
