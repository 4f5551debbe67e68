import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { EXTERNAL_MOCKUP_MAX_BYTES } from '@printloom/contracts';
import { AddressRefused, pinnedLookup, resolveOnce, type ResolveAddresses } from './pinned-address.js';

export { isPrivateAddress } from './pinned-address.js';

/** How long one mockup download may take. */
export const MOCKUP_FETCH_TIMEOUT_MS = 10_000;

export class MockupRefused extends Error {}

export interface MockupFetchPolicy {
  /** Hosts (`host[:port]`) mockups may come from: the connection's API host and Printify's images hosts. */
  allowedHosts: string[];
  /** The local shop serves its mockups from a loopback address: allowed only then (LOCAL_SHOP, refused in production). */
  allowPrivate: boolean;
  maxBytes?: number;
  timeoutMs?: number;
  /** The resolver asked once per download (tests give a fake one). */
  resolve?: ResolveAddresses;
}

export interface CheckedMockupUrl {
  url: URL;
  /** The address the name resolved to when checked: the only one the download connects to. */
  address: string;
}

/**
 * Checks a mockup URL Printify answered with before anything is requested: http(s) only, one of the
 * allowed hosts, its name resolved once and (outside the local shop) to no private address.
 */
export async function checkMockupUrl(raw: string, policy: MockupFetchPolicy): Promise<CheckedMockupUrl> {
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
  try {
    return { url, address: await resolveOnce(url.hostname, { allowPrivate: policy.allowPrivate, resolve: policy.resolve }) };
  } catch (error) {
    if (error instanceof AddressRefused) throw new MockupRefused(error.message);
    throw new MockupRefused(`host ${url.host} could not be resolved: ${(error as Error).message}`);
  }
}

/** One GET connected to exactly `address` (no lookup of its own), the name kept for Host and TLS. */
function get({ url, address }: CheckedMockupUrl, signal: AbortSignal): Promise<IncomingMessage> {
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const secure = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const request = (secure ? httpsRequest : httpRequest)(
      url,
      {
        method: 'GET',
        agent: false,
        lookup: pinnedLookup(address),
        ...(secure && isIP(hostname) === 0 ? { servername: hostname } : {}),
        headers: { accept: 'image/png, image/jpeg' },
        signal,
      },
      resolve,
    );
    request.once('error', reject);
    request.end();
  });
}

/**
 * Downloads one mockup: the URL checked and its address pinned first, no redirects followed, a JPEG or
 * PNG content type, at most `maxBytes` (read as a stream, stopped past the bound), within `timeoutMs`.
 */
export async function fetchMockup(
  raw: string,
  policy: MockupFetchPolicy,
): Promise<{ contentType: 'image/jpeg' | 'image/png'; bytes: Buffer }> {
  const checked = await checkMockupUrl(raw, policy);
  const maxBytes = policy.maxBytes ?? EXTERNAL_MOCKUP_MAX_BYTES;
  const response = await get(checked, AbortSignal.timeout(policy.timeoutMs ?? MOCKUP_FETCH_TIMEOUT_MS));
  try {
    if (response.statusCode !== 200) throw new MockupRefused(`answered ${response.statusCode}`);
    const type = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    const contentType = type === 'image/jpeg' || type === 'image/jpg' ? 'image/jpeg' : type === 'image/png' ? 'image/png' : null;
    if (!contentType) throw new MockupRefused(`content type ${type || 'none'} refused`);
    const declared = Number(response.headers['content-length'] ?? 0);
    if (declared > maxBytes) throw new MockupRefused(`${declared} bytes is over ${maxBytes}`);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) throw new MockupRefused(`over ${maxBytes} bytes`);
      chunks.push(chunk as Buffer);
    }
    return { contentType, bytes: Buffer.concat(chunks) };
  } finally {
    response.destroy();
  }
}
