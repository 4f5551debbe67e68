import { isIP } from 'node:net';
import { ConfigError, isProduction } from './config.js';

/**
 * Why an address cannot serve links that an outside service downloads (Printify fetches print files
 * from PUBLIC_URL itself), or undefined when it can: https, on a public name, not localhost, not an IP
 * address. Every service that writes such links checks its PUBLIC_URL with this in production.
 */
export function publicUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a URL';
  }
  if (url.protocol !== 'https:') return `must start with https:// in production (outside services fetch links from it): ${value}`;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(host) !== 0) return `must be a public name, not an IP address, in production: ${value}`;
  if (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.') || /\.(local|internal|lan|test)$/.test(host))
    return `must be a public name that outside services can reach, not ${host}, in production: ${value}`;
  return undefined;
}

/** Refuses to start in production with a PUBLIC_URL that the links a service writes (mails, Stripe, Printify) cannot use. */
export function requirePublicUrlInProduction(config: { NODE_ENV: string; PUBLIC_URL: string }): void {
  const problem = isProduction(config) ? publicUrlProblem(config.PUBLIC_URL) : undefined;
  if (problem) throw new ConfigError([`PUBLIC_URL: ${problem}`]);
}
