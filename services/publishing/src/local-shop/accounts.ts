// The local shop's accounts: each accepted token is one Printify account with one shop, its scopes,
// its shop's sales channel, and (for OAuth access tokens) when it stops authenticating.
import type { IncomingMessage } from 'node:http';
import { HttpError, notFound } from './printify-answers.js';

/** What each request needs of a token's scopes, as Printify's reference lists them per endpoint. */
export function scopeNeeded(method: string, path: string): string | null {
  if (path === '/v1/shops.json') return 'shops.read';
  if (path.startsWith('/v1/catalog/')) return 'catalog.read';
  if (path.startsWith('/v1/uploads/')) return method === 'GET' ? 'uploads.read' : 'uploads.write';
  if (/^\/v1\/shops\/\d+\/products/.test(path)) return method === 'GET' ? 'products.read' : 'products.write';
  return null;
}

/** `token` (every scope) or `token:scope+scope` (only those): the LOCAL_SHOP_TOKENS syntax. */
export function parseLocalShopToken(written: string): { token: string; scopes: string[] | null } {
  const at = written.indexOf(':');
  if (at < 0) return { token: written, scopes: null };
  return {
    token: written.slice(0, at),
    scopes: written
      .slice(at + 1)
      .split('+')
      .filter(Boolean),
  };
}

export class LocalAccounts {
  private readonly tokens = new Set<string>();
  /** The scopes of tokens made with only some (a token not here has every scope). */
  private readonly scopes = new Map<string, Set<string>>();
  private readonly shops = new Map<string, number>();
  /** Each token's shop's sales channel (`etsy` unless a test sets another, e.g. `disconnected`). */
  private readonly channels = new Map<string, string>();
  /** When each OAuth access token stops authenticating. */
  private readonly accessExpiry = new Map<string, number>();

  constructor(written: readonly string[]) {
    for (const each of written) {
      const { token, scopes } = parseLocalShopToken(each);
      this.tokens.add(token);
      if (scopes) this.scopes.set(token, new Set(scopes));
    }
    let shopId = 1000;
    for (const token of this.tokens) this.shops.set(token, ++shopId);
  }

  /** Adds an accepted token (a new account with its own shop), with only `scopes` when given; answers its shop id. */
  add(token: string, scopes?: readonly string[]): number {
    this.tokens.add(token);
    if (scopes) this.scopes.set(token, new Set(scopes));
    const id = 1000 + this.shops.size + 1;
    this.shops.set(token, id);
    return id;
  }

  /** Another token for an existing account's shop (an OAuth refresh's new access token). */
  addForShop(token: string, shopId: number): void {
    this.tokens.add(token);
    this.shops.set(token, shopId);
  }

  revoke(token: string): void {
    this.tokens.delete(token);
  }

  expireAt(token: string, at: number): void {
    this.accessExpiry.set(token, at);
  }

  setChannel(token: string, channel: string): void {
    this.channels.set(token, channel);
  }

  channelOf(token: string): string {
    return this.channels.get(token) ?? 'etsy';
  }

  shopIdOf(token: string): number | undefined {
    return this.shops.get(token);
  }

  /** The request's token, as Printify authenticates it: a User-Agent and a live bearer token, else 401 `{}`. */
  authenticate(req: IncomingMessage): string {
    const userAgent = req.headers['user-agent'];
    if (!userAgent || !userAgent.trim()) throw new HttpError(401, {});
    const match = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    if (!match || !this.tokens.has(match[1]!)) throw new HttpError(401, {});
    const expiresAt = this.accessExpiry.get(match[1]!);
    if (expiresAt !== undefined && expiresAt <= Date.now()) throw new HttpError(401, {});
    return match[1]!;
  }

  /** Whether the token may make this request (a token with every scope may make all). */
  allows(token: string, needed: string | null): boolean {
    return !needed || !this.scopes.has(token) || this.scopes.get(token)!.has(needed);
  }

  /** The token's own shop when `shopId` names it; another shop is Printify's 404. */
  shopOf(token: string, shopId: string): number {
    const own = this.shops.get(token)!;
    if (Number(shopId) !== own) throw notFound();
    return own;
  }
}
