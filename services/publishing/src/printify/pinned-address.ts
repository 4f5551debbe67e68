import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

const REFUSED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  REFUSED.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  // `::/96` holds the unspecified and loopback addresses and the deprecated IPv4-compatible ones; those
  // and NAT64's carry an IPv4 address that a gateway may route inside.
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  REFUSED.addSubnet(network, prefix, 'ipv6');
/** Apart: BlockList matches IPv4 addresses against an IPv4-mapped range, which would refuse them all. */
const MAPPED = new BlockList();
MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6');

/**
 * A loopback, private, link-local (cloud metadata), shared, documentation, unique-local, unspecified
 * or multicast address, or an IPv4-mapped IPv6 one in any spelling (a name that answers `::ffff:…`
 * is up to something). Anything that is not an IP address counts too.
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6 && MAPPED.check(address, 'ipv6')) return true;
  return REFUSED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export type ResolveAddresses = (hostname: string) => Promise<string[]>;

export const systemResolver: ResolveAddresses = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

export class AddressRefused extends Error {}

/**
 * Resolves a host name once and answers the address to connect to: the first one, after every answer
 * was checked (a name with one private address among public ones is refused: which one a connection
 * would take is not ours to choose). `allowPrivate` skips only the private check, never the pinning.
 */
export async function resolveOnce(hostname: string, options: { allowPrivate: boolean; resolve?: ResolveAddresses }): Promise<string> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(bare) ? [bare] : await (options.resolve ?? systemResolver)(bare);
  if (addresses.length === 0) throw new AddressRefused(`host ${hostname} has no address`);
  if (!options.allowPrivate && addresses.some(isPrivateAddress)) throw new AddressRefused(`host ${hostname} resolves to a private address`);
  return addresses[0]!;
}

/**
 * A `lookup` for a socket that answers the already checked address whatever name it is asked for, so
 * that no second resolution (a DNS rebinding) can move the connection elsewhere; TLS still verifies
 * the certificate against the name, and the Host header keeps it.
 */
export function pinnedLookup(address: string): LookupFunction {
  const family = isIP(address);
  if (family === 0) throw new Error(`${address} is not an IP address`);
  return (_hostname, options, callback) => {
    if (options.all) (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}
