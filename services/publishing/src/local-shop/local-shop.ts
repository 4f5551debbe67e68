// A local Printify-shaped shop: the endpoints of Printify's API that publishing uses, with the same
// shapes, authentication, limits and error bodies as Printify answers them (its API reference of
// 18 Mar 2024 and measured answers: ../shared/research/printify-fidelity.md), so that every publishing
// feature works offline and in tests. Its catalogue comes from captured answers (catalogue.ts); its
// dates are Printify's (`2019-07-25 13:40:41+00:00`); a create answers with the mockups listed; a
// publish is asynchronous (the product locked, then `external` or a silent failure at the channel). The
// adapter talks to it exactly as to Printify (only PRINTIFY_API_BASE differs). Products live in memory;
// `/local-shop` shows them with their mockups. Not for production. This file is the server and its
// test hooks; each kind of endpoint has its own module (accounts, catalogue-routes, uploads, products,
// oauth-grants, mockup-drawing, shop-page).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LocalAccounts, scopeNeeded } from './accounts.js';
import { catalogueAnswer } from './catalogue-routes.js';
import { drawMockup } from './mockup-drawing.js';
import { LocalOAuth } from './oauth-grants.js';
import { HttpError, notFound, readJson } from './printify-answers.js';
import { LocalProducts, type StoredProduct } from './products.js';
import { shopPage } from './shop-page.js';
import { LocalUploads } from './uploads.js';
import { WindowLimiter } from './window-limiter.js';

export { parseLocalShopToken, scopeNeeded } from './accounts.js';
export { printifyDate } from './printify-answers.js';
export { CHANNEL_REFUSES } from './products.js';

export interface LocalShopOptions {
  port?: number;
  host?: string;
  /**
   * Tokens accepted as `Authorization: Bearer <token>`; each is one Printify account with one shop. A
   * token written `token:shops.read+catalog.read` has those scopes only (see parseLocalShopToken); a plain
   * one has every scope.
   */
  tokens?: string[];
  /** Limits per token, as Printify's: requests a minute, catalog requests a minute, publishes per window. */
  requestsPerMinute?: number;
  catalogPerMinute?: number;
  publishesPerWindow?: number;
  publishWindowMs?: number;
  /** Ignored: Printify lists a product's mockups in its create answer at once (kept for existing callers). */
  mockupDelayMs?: number;
  /** How long a product stays locked after `publish.json` before its listing exists or its push fails (Printify: about 8 s). */
  publishLockMs?: number;
  /** Below this many print-file pixels per inch of the placeholder (at 300 px an inch) a product is refused with 8203. */
  minDpi?: number;
  /** The base its own links (mockups, the page) start with; defaults to its own address. */
  publicUrl?: string;
  /** How long an OAuth access token lives (Printify: 6 hours). */
  oauthAccessTtlMs?: number;
}

export interface CreatedProduct {
  id: string;
  /** Its print files' names. */
  fileNames: string[];
}

export interface LocalShopRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  userAgent: string | undefined;
  status: number;
}

const ONE_MINUTE = 60_000;

export class LocalShop {
  readonly requests: LocalShopRequest[] = [];
  private server: Server | null = null;
  private baseUrl = '';
  private readonly accounts: LocalAccounts;
  private readonly oauth: LocalOAuth;
  private readonly uploads = new LocalUploads();
  private readonly products: LocalProducts;
  private readonly general: WindowLimiter;
  private readonly catalog: WindowLimiter;
  private readonly publishes: WindowLimiter;
  /** Test hook: the next N requests answer 429 with this Retry-After. */
  private throttled: { remaining: number; seconds: number } | null = null;
  /** Test hook: awaited once a product exists and before the answer leaves. */
  private afterCreate: ((product: CreatedProduct) => Promise<void> | void) | null = null;

  constructor(private readonly options: LocalShopOptions = {}) {
    this.accounts = new LocalAccounts(options.tokens ?? ['local-shop-token']);
    this.oauth = new LocalOAuth(this.accounts, options.oauthAccessTtlMs ?? 6 * 60 * ONE_MINUTE);
    this.products = new LocalProducts(this.uploads, options, () => this.baseUrl);
    this.general = new WindowLimiter(options.requestsPerMinute ?? 600, ONE_MINUTE);
    this.catalog = new WindowLimiter(options.catalogPerMinute ?? 100, ONE_MINUTE);
    this.publishes = new WindowLimiter(options.publishesPerWindow ?? 200, options.publishWindowMs ?? 30 * ONE_MINUTE);
  }

  /** Its API base, as PRINTIFY_API_BASE takes it (`…/v1`). */
  get apiBase(): string {
    return `${this.baseUrl}/v1`;
  }

  get url(): string {
    return this.baseUrl;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', () => resolve());
    });
    const { port } = this.server.address() as AddressInfo;
    this.baseUrl =
      this.options.publicUrl ?? `http://${this.options.host && this.options.host !== '0.0.0.0' ? this.options.host : '127.0.0.1'}:${port}`;
    return this;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Adds an accepted token (a new account with its own shop), with only `scopes` when given; answers its shop id. */
  addToken(token: string, scopes?: readonly string[]): number {
    return this.accounts.add(token, scopes);
  }

  /** The token no longer authenticates (a seller revoked it in Printify). */
  revoke(token: string): void {
    this.accounts.revoke(token);
  }

  /** How long the OAuth access tokens issued from now on live. */
  setOAuthAccessTtl(ms: number): void {
    this.oauth.accessTtlMs = ms;
  }

  /** Test hook: every refresh is refused with 400 (as Printify refuses a revoked grant's refresh token). */
  refuseRefreshes(refuse: boolean): void {
    this.oauth.refusingRefreshes = refuse;
  }

  /** Test hook: awaited inside each refresh before it answers (null removes it). */
  onRefresh(hook: (() => Promise<void> | void) | null): void {
    this.oauth.beforeRefresh = hook;
  }

  /** Test hook: `publish.json` answers Printify's validation refusal with this reason (null: publishes again). */
  refusePublishes(reason: string | null): void {
    this.products.publishRefusal = reason;
  }

  /** The sales channel the token's shop reports (`disconnected`: a shop that publishes nowhere). */
  setSalesChannel(token: string, channel: string): void {
    this.accounts.setChannel(token, channel);
  }

  /** The next `count` requests answer 429 with `Retry-After: seconds`. */
  throttleNext(count: number, seconds: number): void {
    this.throttled = { remaining: count, seconds };
  }

  /**
   * Calls `hook` after each product is created and waits for it before answering: a test can kill the
   * client in between, as a crash right after Printify's answer would. `null` removes it.
   */
  onProductCreated(hook: ((product: CreatedProduct) => Promise<void> | void) | null): void {
    this.afterCreate = hook;
  }

  /** Every product of a shop, newest first. */
  productsOf(shopId: number): StoredProduct[] {
    return this.products.ofShop(shopId);
  }

  /** Every product, oldest first, each publish whose lock ran out settled. */
  allProducts(): StoredProduct[] {
    const all = this.products.stored();
    for (const product of all) this.products.settle(product);
    return all;
  }

  /** The names of the print files a product was made with (publishing names them after the publication). */
  fileNamesOf(productId: string): string[] {
    return this.products.fileNamesOf(productId);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    const entry: LocalShopRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      authorization: req.headers.authorization,
      userAgent: req.headers['user-agent'],
      status: 0,
    };
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      entry.status = status;
      if (url.pathname.startsWith('/v1/')) this.requests.push(entry);
      const payload = Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
      res.writeHead(status, {
        'content-type': Buffer.isBuffer(body) ? 'image/png' : typeof body === 'string' ? 'text/html; charset=utf-8' : 'application/json',
        'content-length': String(payload.length),
        ...headers,
      });
      res.end(payload);
    };
    try {
      if (req.method === 'GET' && (url.pathname === '/local-shop' || url.pathname === '/')) return send(200, shopPage(this.products));
      if (req.method === 'GET' && url.pathname.startsWith('/local-shop/listing/')) return send(200, shopPage(this.products));
      const mockup = /^\/mockups\/([\w-]+)\/(\d+)\/(\d+)\.png$/.exec(url.pathname);
      if (req.method === 'GET' && mockup)
        return send(200, await drawMockup(this.products.get(mockup[1]!), Number(mockup[2]), Number(mockup[3]), this.uploads));
      if (req.method === 'GET' && url.pathname === '/app/authorize') return send(200, this.oauth.authorizePage(url));
      const decided = /^\/app\/authorize\/(accept|decline)$/.exec(url.pathname);
      if (req.method === 'GET' && decided) {
        const location = this.oauth.decide(decided[1] as 'accept' | 'decline', url);
        entry.status = 302;
        res.writeHead(302, { location, 'content-length': '0' });
        return void res.end();
      }
      if (req.method === 'POST' && (url.pathname === '/v1/app/oauth/tokens' || url.pathname === '/v1/app/oauth/tokens/refresh')) {
        const body = await readJson(req);
        return send(200, await this.oauth.grant(url.pathname.endsWith('/refresh') ? 'refresh' : 'code', body));
      }
      if (!url.pathname.startsWith('/v1/')) throw notFound();
      const token = this.accounts.authenticate(req);
      this.limit(token, url.pathname);
      // Printify's 403 body is not measured: this one only has to be a 403 that is not a 401.
      if (!this.accounts.allows(token, scopeNeeded(req.method ?? 'GET', url.pathname)))
        throw new HttpError(403, { status: 'error', code: 403, message: 'This action is unauthorized.' });
      const body = req.method === 'POST' || req.method === 'PUT' ? await readJson(req) : {};
      send(200, await this.route(req.method ?? 'GET', url, token, body));
    } catch (error) {
      if (error instanceof HttpError) return send(error.status, error.body, error.headers);
      send(500, { error: (error as Error).message });
    }
  }

  private limit(token: string, path: string): void {
    const tooMany = (seconds: number) =>
      new HttpError(429, { code: 429, message: 'Too Many Requests' }, { 'retry-after': String(seconds) });
    if (this.throttled && this.throttled.remaining > 0) {
      this.throttled.remaining -= 1;
      throw tooMany(this.throttled.seconds);
    }
    const general = this.general.take(token);
    if (general !== null) throw tooMany(general);
    if (path.startsWith('/v1/catalog/')) {
      const catalog = this.catalog.take(token);
      if (catalog !== null) throw tooMany(catalog);
    }
    if (/\/publish\.json$/.test(path)) {
      const publish = this.publishes.take(token);
      if (publish !== null) throw tooMany(publish);
    }
  }

  private async route(method: string, url: URL, token: string, body: Record<string, unknown>): Promise<unknown> {
    const path = url.pathname;
    let m: RegExpExecArray | null;
    if (method === 'GET' && path === '/v1/shops.json')
      return [{ id: this.accounts.shopIdOf(token), title: 'Local shop', sales_channel: this.accounts.channelOf(token) }];
    const catalogue = catalogueAnswer(method, path);
    if (catalogue !== undefined) return catalogue;
    if (method === 'POST' && path === '/v1/uploads/images.json') return this.uploads.upload(body, this.baseUrl);
    if (method === 'GET' && (m = /^\/v1\/shops\/(\d+)\/products\.json$/.exec(path)))
      return this.products.page(this.accounts.shopOf(token, m[1]!), url);
    if (method === 'POST' && (m = /^\/v1\/shops\/(\d+)\/products\.json$/.exec(path))) {
      const created = this.products.create(this.accounts.shopOf(token, m[1]!), body);
      await this.afterCreate?.({ id: created.id, fileNames: this.products.fileNamesOf(created.id) });
      return created;
    }
    if (method === 'GET' && (m = /^\/v1\/shops\/(\d+)\/products\/([^/]+)\.json$/.exec(path)))
      return this.products.view(this.products.find(this.accounts.shopOf(token, m[1]!), m[2]!));
    if (method === 'POST' && (m = /^\/v1\/shops\/(\d+)\/products\/([^/]+)\/publish\.json$/.exec(path)))
      return this.products.publish(this.products.find(this.accounts.shopOf(token, m[1]!), m[2]!));
    throw notFound();
  }
}

/** Starts a local shop; `close()` stops it. */
export function startLocalShop(options: LocalShopOptions = {}): Promise<LocalShop> {
  return new LocalShop(options).start();
}
