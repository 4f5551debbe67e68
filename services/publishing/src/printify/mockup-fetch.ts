import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { EXTERNAL_MOCKUP_MAX_BYTES } from '@printloom/contracts';

/** How long one mockup download may take. */
export const MOCKUP_FETCH_TIMEOUT_MS = 10_000;

export class MockupRefused extends Error {}

const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

/** A loopback, private, link-local (cloud metadata), shared or multicast address. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export interface MockupFetchPolicy {
  /** Hosts (`host[:port]`) mockups may come from: the connection's API host and Printify's images hosts. */
  allowedHosts: string[];
  /** The local shop serves its mockups from a loopback address: allowed only then. */
  allowPrivate: boolean;
  maxBytes?: number;
  timeoutMs?: number;
  lookupAddresses?: (hostname: string) => Promise<string[]>;
}

const defaultLookup = async (hostname: string) => (await lookup(hostname, { all: true })).map((entry) => entry.address);

/**
 * Checks a mockup URL Printify answered with before anything is requested: http(s) only, one of the
 * allowed hosts, and (outside the local shop) no name resolving to a private address.
 */
export async function checkMockupUrl(raw: string, policy: MockupFetchPolicy): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new MockupRefused('not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new MockupRefused(`protocol ${url.protocol} refused`);
  if (url.username || url.password) throw new MockupRefused('credentials in the URL refused');
  if (!policy.allowedHosts.includes(url.host.toLowerCase()))
    throw new MockupRefused(`host ${url.host} is not one Printify serves images from`);
  if (!policy.allowPrivate) {
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(hostname) ? [hostname] : await (policy.lookupAddresses ?? defaultLookup)(hostname);
    if (addresses.length === 0 || addresses.some(isPrivateAddress))
      throw new MockupRefused(`host ${url.host} resolves to a private address`);
  }
  return url;
}

/**
 * Downloads one mockup: the URL checked first, no redirects followed, a JPEG or PNG content type,
 * at most `maxBytes` (read as a stream, stopped past the bound), within `timeoutMs`.
 */
export async function fetchMockup(
  raw: string,
  policy: MockupFetchPolicy,
): Promise<{ contentType: 'image/jpeg' | 'image/png'; bytes: Buffer }> {
  const url = await checkMockupUrl(raw, policy);
  const maxBytes = policy.maxBytes ?? EXTERNAL_MOCKUP_MAX_BYTES;
  const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(policy.timeoutMs ?? MOCKUP_FETCH_TIMEOUT_MS) });
  if (response.status !== 200) {
    await response.body?.cancel();
    throw new MockupRefused(`answered ${response.status}`);
  }
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const contentType = type === 'image/jpeg' || type === 'image/jpg' ? 'image/jpeg' : type === 'image/png' ? 'image/png' : null;
  if (!contentType) {
    await response.body?.cancel();
    throw new MockupRefused(`content type ${type || 'none'} refused`);
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new MockupRefused(`${declared} bytes is over ${maxBytes}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += (chunk as Uint8Array).length;
    if (size > maxBytes) throw new MockupRefused(`over ${maxBytes} bytes`);
    chunks.push(Buffer.from(chunk as Uint8Array));
  }
  return { contentType, bytes: Buffer.concat(chunks) };
}
