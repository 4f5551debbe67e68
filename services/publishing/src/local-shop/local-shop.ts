// A local Printify-shaped shop: the endpoints of Printify's API that publishing uses, with the same
// shapes, authentication, limits and error bodies as Printify answers them (its API reference of
// 18 Mar 2024 and measured answers: ../shared/research/printify-fidelity.md), so that every publishing
// feature works offline and in tests. Its catalogue comes from captured answers (catalogue.ts); its
// dates are Printify's (`2019-07-25 13:40:41+00:00`); a create answers with the mockups listed; a
// publish is asynchronous (the product locked, then `external` or a silent failure at the channel). The adapter talks to it exactly as to Printify (only PRINTIFY_API_BASE differs). Products
// live in memory; `/local-shop` shows them with their mockups. Not for production.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { LOCAL_CATALOGUE, swatchOf, type CatalogueBlueprint } from './catalogue.js';

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

interface StoredImage {
  id: string;
  file_name: string;
  width: number;
  height: number;
  size: number;
  mime_type: string;
  upload_time: string;
  /** A small copy for the mockups. */
  thumbnail: Buffer;
}

interface PrintAreaImage {
  id: string;
  x: number;
  y: number;
  scale: number;
  angle: number;
}

interface StoredProduct {
  id: string;
  shop_id: number;
  title: string;
  description: string;
  tags: string[];
  blueprint_id: number;
  print_provider_id: number;
  variants: { id: number; price: number; is_enabled: boolean }[];
  print_areas: { variant_ids: number[]; placeholders: { position: string; images: PrintAreaImage[] }[] }[];
  images: { src: string; variant_ids: number[]; position: string; is_default: boolean }[];
  created_at: string;
  updated_at: string;
  visible: boolean;
  /** True once the sales channel took it (its listing exists). */
  published: boolean;
  /** Between `publish.json` and the channel's outcome (the product is locked meanwhile). */
  publishing: { until: number; fails: boolean } | null;
  external: { id: string; handle: string } | null;
}

const BASE64_MAX_BYTES = 5 * 1024 * 1024;
const URL_MAX_BYTES = 100 * 1024 * 1024;
const ONE_MINUTE = 60_000;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(String(body.message ?? body.error ?? status));
  }
}

/** Printify's validation refusal: the reason in `errors.reason` (a string, or an object of field messages). */
const refused = (code: number, reason: unknown) =>
  new HttpError(400, { status: 'error', code, message: 'Validation failed.', errors: { reason, code } });
/** Printify's answer for an unknown product, blueprint, provider or shop. */
const notFound = () => new HttpError(404, { error: 'Not found', request_id: randomBytes(12).toString('hex') });
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

/** Printify's date format: `2019-07-25 13:40:41+00:00`. */
export const printifyDate = (at: Date | number = new Date()) =>
  new Date(at)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d{3}Z$/, '+00:00');
/** A product title containing this fails its push to the sales channel (after the lock), with no reason given. */
export const CHANNEL_REFUSES = '[[channel-refuses]]';
/** The mockup cameras of each enabled colour: the first is the colour's default. */
const CAMERAS = [
  { id: 1, position: 'front', isDefault: true },
  { id: 2, position: 'front', isDefault: false },
  { id: 3, position: 'other', isDefault: false },
] as const;

/** A fixed window per token and kind: at most `limit` in `windowMs`; past it, how many seconds to wait. */
class WindowLimiter {
  private windows = new Map<string, { start: number; count: number }>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  take(key: string, now = Date.now()): number | null {
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    if (window.count >= this.limit) return Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000));
    window.count += 1;
    return null;
  }
}

export class LocalShop {
  readonly requests: LocalShopRequest[] = [];
  private server: Server | null = null;
  private baseUrl = '';
  private readonly tokens: Set<string>;
  /** The scopes of tokens made with only some (a token not here has every scope). */
  private readonly scopes = new Map<string, Set<string>>();
  private readonly shops = new Map<string, number>();
  /** Each token's shop's sales channel (`etsy` unless a test sets another, e.g. `disconnected`). */
  private readonly channels = new Map<string, string>();
  private readonly images = new Map<string, StoredImage>();
  private readonly products = new Map<string, StoredProduct>();
  private readonly general: WindowLimiter;
  private readonly catalog: WindowLimiter;
  private readonly publishes: WindowLimiter;
  private publishRefusal: string | null = null;
  /** OAuth codes issued on Accept, each for one exchange. */
  private readonly codes = new Set<string>();
  /** OAuth refresh tokens and the account (access token's shop) each refreshes. */
  private readonly refreshTokens = new Map<string, number>();
  /** When each OAuth access token stops authenticating. */
  private readonly accessExpiry = new Map<string, number>();
  private oauthAccessTtlMs: number;
  private refusingRefreshes = false;
  /** Test hook: awaited inside a refresh before it answers (to hold two refreshes side by side). */
  private beforeRefresh: (() => Promise<void> | void) | null = null;
  /** Test hook: the next N requests answer 429 with this Retry-After. */
  private throttled: { remaining: number; seconds: number } | null = null;
  /** Test hook: awaited once a product exists and before the answer leaves. */
  private afterCreate: ((product: CreatedProduct) => Promise<void> | void) | null = null;

  constructor(private readonly options: LocalShopOptions = {}) {
    this.tokens = new Set();
    for (const written of options.tokens ?? ['local-shop-token']) {
      const { token, scopes } = parseLocalShopToken(written);
      this.tokens.add(token);
      if (scopes) this.scopes.set(token, new Set(scopes));
    }
    let shopId = 1000;
    for (const token of this.tokens) this.shops.set(token, ++shopId);
    this.oauthAccessTtlMs = options.oauthAccessTtlMs ?? 6 * 60 * ONE_MINUTE;
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
    this.tokens.add(token);
    if (scopes) this.scopes.set(token, new Set(scopes));
    const id = 1000 + this.shops.size + 1;
    this.shops.set(token, id);
    return id;
  }

  /** The token no longer authenticates (a seller revoked it in Printify). */
  revoke(token: string): void {
    this.tokens.delete(token);
  }

  /** How long the OAuth access tokens issued from now on live. */
  setOAuthAccessTtl(ms: number): void {
    this.oauthAccessTtlMs = ms;
  }

  /** Test hook: every refresh is refused with 400 (as Printify refuses a revoked grant's refresh token). */
  refuseRefreshes(refuse: boolean): void {
    this.refusingRefreshes = refuse;
  }

  /** Test hook: awaited inside each refresh before it answers (null removes it). */
  onRefresh(hook: (() => Promise<void> | void) | null): void {
    this.beforeRefresh = hook;
  }

  /** Test hook: `publish.json` answers Printify's validation refusal with this reason (null: publishes again). */
  refusePublishes(reason: string | null): void {
    this.publishRefusal = reason;
  }

  /** The sales channel the token's shop reports (`disconnected`: a shop that publishes nowhere). */
  setSalesChannel(token: string, channel: string): void {
    this.channels.set(token, channel);
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
    return [...this.products.values()].filter((product) => product.shop_id === shopId).reverse();
  }

  /** Every product, oldest first, each publish whose lock ran out settled. */
  allProducts(): StoredProduct[] {
    const all = [...this.products.values()];
    for (const product of all) this.settle(product);
    return all;
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
      if (req.method === 'GET' && (url.pathname === '/local-shop' || url.pathname === '/')) return send(200, this.page());
      if (req.method === 'GET' && url.pathname.startsWith('/local-shop/listing/')) return send(200, this.page());
      const mockup = /^\/mockups\/([\w-]+)\/(\d+)\/(\d+)\.png$/.exec(url.pathname);
      if (req.method === 'GET' && mockup) return send(200, await this.drawMockup(mockup[1]!, Number(mockup[2]), Number(mockup[3])));
      if (req.method === 'GET' && url.pathname === '/app/authorize') return send(200, this.authorizePage(url));
      const decided = /^\/app\/authorize\/(accept|decline)$/.exec(url.pathname);
      if (req.method === 'GET' && decided) {
        const location = this.decide(decided[1] as 'accept' | 'decline', url);
        entry.status = 302;
        res.writeHead(302, { location, 'content-length': '0' });
        return void res.end();
      }
      if (req.method === 'POST' && (url.pathname === '/v1/app/oauth/tokens' || url.pathname === '/v1/app/oauth/tokens/refresh')) {
        const body = await readJson(req);
        return send(200, await this.grant(url.pathname.endsWith('/refresh') ? 'refresh' : 'code', body));
      }
      if (!url.pathname.startsWith('/v1/')) throw notFound();
      const token = this.authenticate(req);
      this.limit(token, url.pathname);
      const needed = scopeNeeded(req.method ?? 'GET', url.pathname);
      // Printify's 403 body is not measured: this one only has to be a 403 that is not a 401.
      if (needed && this.scopes.has(token) && !this.scopes.get(token)!.has(needed))
        throw new HttpError(403, { status: 'error', code: 403, message: 'This action is unauthorized.' });
      const body = req.method === 'POST' || req.method === 'PUT' ? await readJson(req) : {};
      send(200, await this.route(req.method ?? 'GET', url, token, body));
    } catch (error) {
      if (error instanceof HttpError) return send(error.status, error.body, error.headers);
      send(500, { error: (error as Error).message });
    }
  }

  private authenticate(req: IncomingMessage): string {
    const userAgent = req.headers['user-agent'];
    if (!userAgent || !userAgent.trim()) throw new HttpError(401, {});
    const match = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    if (!match || !this.tokens.has(match[1]!)) throw new HttpError(401, {});
    const expiresAt = this.accessExpiry.get(match[1]!);
    if (expiresAt !== undefined && expiresAt <= Date.now()) throw new HttpError(401, {});
    return match[1]!;
  }

  /** Printify's authorize page, as a merchant sees it: the app asks for access; Accept or Decline. */
  private authorizePage(url: URL): string {
    const params = url.searchParams;
    for (const name of ['app_id', 'accept_url', 'decline_url'])
      if (!params.get(name)) throw new HttpError(400, { error: `${name} is required` });
    const query = (decision: string) => `/app/authorize/${decision}?${params.toString()}`;
    const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorize app · Local shop</title></head><body>
<h1>Authorize ${escape(params.get('app_id')!)}</h1>
<p>This app asks to manage your local shop's products, uploads and catalogue.</p>
<p><a href="${escape(query('accept'))}">Accept</a> <a href="${escape(query('decline'))}">Decline</a></p>
</body></html>`;
  }

  /** Accept: a one-time code to the accept URL; Decline: the error to the decline URL (each with the state). */
  private decide(decision: 'accept' | 'decline', url: URL): string {
    const params = url.searchParams;
    const target = new URL(params.get(decision === 'accept' ? 'accept_url' : 'decline_url') ?? '');
    if (decision === 'accept') {
      const code = randomBytes(18).toString('hex');
      this.codes.add(code);
      target.searchParams.set('code', code);
    } else {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'The merchant declined the authorization request.');
    }
    const state = params.get('state');
    if (state) target.searchParams.set('state', state);
    return target.toString();
  }

  /** `POST /v1/app/oauth/tokens` (a code) and `…/refresh` (a refresh token): a new pair; 400 `{error, error_description}` otherwise. */
  private async grant(kind: 'code' | 'refresh', body: Record<string, unknown>): Promise<unknown> {
    const invalid = (description: string) => new HttpError(400, { error: 'invalid_grant', error_description: description });
    if (typeof body.app_id !== 'string' || !body.app_id)
      throw new HttpError(400, { error: 'invalid_request', error_description: 'app_id is required' });
    let shopId: number | undefined;
    if (kind === 'code') {
      const code = String(body.code ?? '');
      if (!this.codes.delete(code)) throw invalid('The authorization code is invalid or was used.');
    } else {
      await this.beforeRefresh?.();
      const refreshToken = String(body.refresh_token ?? '');
      shopId = this.refreshTokens.get(refreshToken);
      if (shopId === undefined || this.refusingRefreshes) throw invalid('The refresh token is invalid or was revoked.');
      this.refreshTokens.delete(refreshToken);
    }
    const accessToken = `oauth-access-${randomBytes(24).toString('hex')}`;
    const refreshToken = `oauth-refresh-${randomBytes(24).toString('hex')}`;
    if (shopId === undefined) shopId = this.addToken(accessToken);
    else {
      this.tokens.add(accessToken);
      this.shops.set(accessToken, shopId);
    }
    const expiresAt = Date.now() + this.oauthAccessTtlMs;
    this.accessExpiry.set(accessToken, expiresAt);
    this.refreshTokens.set(refreshToken, shopId);
    return { access_token: accessToken, refresh_token: refreshToken, expire_at: printifyDate(expiresAt) };
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

  private shopOf(token: string, shopId: string): number {
    const own = this.shops.get(token)!;
    if (Number(shopId) !== own) throw notFound();
    return own;
  }

  private async route(method: string, url: URL, token: string, body: Record<string, unknown>): Promise<unknown> {
    const path = url.pathname;
    let m: RegExpExecArray | null;
    if (method === 'GET' && path === '/v1/shops.json')
      return [{ id: this.shops.get(token), title: 'Local shop', sales_channel: this.channels.get(token) ?? 'etsy' }];
    if (method === 'GET' && path === '/v1/catalog/blueprints.json')
      return LOCAL_CATALOGUE.map(({ id, title, brand, model }) => ({ id, title, brand, model, images: [] }));
    if (method === 'GET' && (m = /^\/v1\/catalog\/blueprints\/(\d+)\/print_providers\.json$/.exec(path)))
      return this.blueprint(m[1]!).providers.map(({ id, title }) => ({ id, title }));
    if (method === 'GET' && (m = /^\/v1\/catalog\/blueprints\/(\d+)\/print_providers\/(\d+)\/variants\.json$/.exec(path))) {
      const provider = this.provider(this.blueprint(m[1]!), m[2]!);
      return { id: provider.id, title: provider.title, variants: provider.variants };
    }
    if (method === 'POST' && path === '/v1/uploads/images.json') return this.upload(body);
    if (method === 'GET' && (m = /^\/v1\/shops\/(\d+)\/products\.json$/.exec(path))) {
      const products = this.productsOf(this.shopOf(token, m[1]!));
      const limit = Math.max(1, Number(url.searchParams.get('limit') ?? 10));
      // Printify's reference says up to 100; the live API refuses above 50 (measured in 2026).
      if (limit > 50) throw refused(8150, { limit: ['The limit may not be greater than 50.'] });
      const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
      const lastPage = Math.max(1, Math.ceil(products.length / limit));
      return {
        current_page: page,
        last_page: lastPage,
        total: products.length,
        data: products.slice((page - 1) * limit, page * limit).map((product) => this.view(product)),
      };
    }
    if (method === 'POST' && (m = /^\/v1\/shops\/(\d+)\/products\.json$/.exec(path))) {
      const created = this.create(this.shopOf(token, m[1]!), body);
      await this.afterCreate?.({ id: created.id, fileNames: this.fileNamesOf(created.id) });
      return created;
    }
    if (method === 'GET' && (m = /^\/v1\/shops\/(\d+)\/products\/([^/]+)\.json$/.exec(path)))
      return this.view(this.product(this.shopOf(token, m[1]!), m[2]!));
    if (method === 'POST' && (m = /^\/v1\/shops\/(\d+)\/products\/([^/]+)\/publish\.json$/.exec(path)))
      return this.publish(this.product(this.shopOf(token, m[1]!), m[2]!));
    throw notFound();
  }

  /** The names of the print files a product was made with (publishing names them after the publication). */
  fileNamesOf(productId: string): string[] {
    const product = this.products.get(productId);
    return (product?.print_areas ?? []).flatMap((area) =>
      area.placeholders.flatMap((placeholder) => placeholder.images.map((placed) => this.images.get(placed.id)?.file_name ?? '')),
    );
  }

  private blueprint(id: string): CatalogueBlueprint {
    const blueprint = LOCAL_CATALOGUE.find((candidate) => candidate.id === Number(id));
    if (!blueprint) throw notFound();
    return blueprint;
  }

  private provider(blueprint: CatalogueBlueprint, id: string | number) {
    const provider = blueprint.providers.find((candidate) => candidate.id === Number(id));
    if (!provider) throw notFound();
    return provider;
  }

  private product(shopId: number, id: string): StoredProduct {
    if (!/^[0-9a-f]{24}$/.test(id)) throw new HttpError(422, { error: 'Invalid product ID format.' });
    const product = this.products.get(id);
    if (!product || product.shop_id !== shopId) throw notFound();
    return product;
  }

  private async upload(body: Record<string, unknown>) {
    const fileName = typeof body.file_name === 'string' ? body.file_name : '';
    if (!fileName) throw refused(8201, 'file_name is required');
    let data: Buffer;
    if (typeof body.contents === 'string') {
      data = Buffer.from(body.contents, 'base64');
      if (data.length > BASE64_MAX_BYTES) throw refused(8201, 'Base64 uploads are limited to 5 MB: upload larger files by URL');
    } else if (typeof body.url === 'string') {
      data = await download(body.url);
    } else {
      throw refused(8201, 'Either url or contents is required');
    }
    let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
    let thumbnail: Buffer;
    try {
      meta = await sharp(data, { limitInputPixels: 100_000_000 }).metadata();
      thumbnail = await sharp(data, { limitInputPixels: 100_000_000 }).resize(400, 400, { fit: 'inside' }).png().toBuffer();
    } catch {
      throw refused(8201, 'The file is not an image Printify can read');
    }
    const image: StoredImage = {
      id: randomBytes(12).toString('hex'),
      file_name: fileName,
      width: meta.width ?? 0,
      height: meta.height ?? 0,
      size: data.length,
      mime_type: `image/${meta.format ?? 'png'}`,
      upload_time: printifyDate(),
      thumbnail,
    };
    this.images.set(image.id, image);
    const { thumbnail: _thumbnail, ...view } = image;
    return { ...view, preview_url: `${this.baseUrl}/v1/uploads/${image.id}` };
  }

  private create(shopId: number, body: Record<string, unknown>) {
    const title = typeof body.title === 'string' ? body.title : '';
    if (!title) throw refused(8150, 'The title is required');
    const blueprint = this.blueprint(String(body.blueprint_id));
    const provider = this.provider(blueprint, String(body.print_provider_id));
    const variants = Array.isArray(body.variants) ? (body.variants as StoredProduct['variants']) : [];
    if (variants.length === 0) throw refused(8150, 'Variants are required');
    for (const variant of variants)
      if (!provider.variants.some((known) => known.id === variant.id))
        throw refused(8150, `Variant ${variant.id} is not offered by this print provider`);
    const areas = Array.isArray(body.print_areas) ? (body.print_areas as StoredProduct['print_areas']) : [];
    if (areas.length === 0) throw refused(8150, 'print_areas are required');
    const minDpi = this.options.minDpi ?? 150;
    for (const area of areas) {
      for (const placeholder of area.placeholders) {
        for (const placed of placeholder.images) {
          const image = this.images.get(placed.id);
          if (!image) throw refused(8150, `Image ${placed.id} does not exist`);
          for (const variantId of area.variant_ids) {
            const variant = provider.variants.find((known) => known.id === variantId);
            const slot = variant?.placeholders.find((candidate) => candidate.position === placeholder.position);
            if (!slot) throw refused(8150, `No ${placeholder.position} placeholder`);
            // The placeholder is drawn at 300 px an inch; the image covers `scale` of its width.
            const dpi = (300 * image.width) / (placed.scale * slot.width);
            if (dpi < minDpi)
              throw refused(
                8203,
                `Image ${image.file_name} has too few pixels for the ${placeholder.position} placeholder (${Math.floor(dpi)} DPI)`,
              );
          }
        }
      }
    }
    const id = randomBytes(12).toString('hex');
    const now = printifyDate();
    const product: StoredProduct = {
      id,
      shop_id: shopId,
      title,
      description: typeof body.description === 'string' ? body.description : '',
      tags: Array.isArray(body.tags) ? (body.tags as string[]) : [],
      blueprint_id: blueprint.id,
      print_provider_id: provider.id,
      variants: variants.map((variant) => ({ id: variant.id, price: variant.price, is_enabled: variant.is_enabled !== false })),
      print_areas: areas,
      images: [],
      created_at: now,
      updated_at: now,
      visible: true,
      published: false,
      publishing: null,
      external: null,
    };
    this.products.set(id, product);
    return this.view(product);
  }

  /**
   * `publish.json`: answers `{}` at once and locks the product; after `publishLockMs` the sales channel
   * has taken it (`external` holds the listing) or, for a title with CHANNEL_REFUSES, refused it
   * (unlocked, no `external`, no reason: as Printify often reports it).
   */
  private publish(product: StoredProduct): Record<string, never> {
    this.settle(product);
    if (this.publishRefusal) throw refused(8150, this.publishRefusal);
    if (product.publishing) throw refused(8150, 'The product is being published: it is locked until its sales channel answers.');
    product.publishing = { until: Date.now() + (this.options.publishLockMs ?? 8_000), fails: product.title.includes(CHANNEL_REFUSES) };
    product.updated_at = printifyDate();
    return {};
  }

  /** A publish whose lock ran out gets its outcome. */
  private settle(product: StoredProduct): void {
    if (!product.publishing || Date.now() < product.publishing.until) return;
    if (!product.publishing.fails) {
      const listingId = String(1_000_000_000 + Math.floor(Math.random() * 8_999_999_999));
      const slug = product.title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')
        .slice(0, 60);
      product.external = { id: listingId, handle: `${this.baseUrl}/local-shop/listing/${listingId}/${slug}` };
      product.published = true;
    }
    product.publishing = null;
    product.updated_at = printifyDate();
  }

  /** Printify's mockups of a product: for each enabled colour (one group where the blueprint has none), a few cameras, the first the default. */
  private mockupsOf(product: StoredProduct) {
    const provider = this.provider(this.blueprint(String(product.blueprint_id)), product.print_provider_id);
    const byColour = new Map<string, number[]>();
    for (const variant of product.variants.filter((candidate) => candidate.is_enabled)) {
      const colour = provider.variants.find((known) => known.id === variant.id)?.options.color ?? '';
      byColour.set(colour, [...(byColour.get(colour) ?? []), variant.id]);
    }
    return [...byColour.values()].flatMap((variantIds) =>
      CAMERAS.map((camera) => ({
        src: `${this.baseUrl}/mockups/${product.id}/${variantIds[0]}/${camera.id}.png`,
        variant_ids: variantIds,
        position: camera.position,
        is_default: camera.isDefault,
      })),
    );
  }

  /** The product as Printify answers it: mockups listed at once, locked while publishing, `external` once listed. */
  private view(product: StoredProduct) {
    this.settle(product);
    const blueprint = this.blueprint(String(product.blueprint_id));
    const provider = this.provider(blueprint, product.print_provider_id);
    const { published: _published, publishing, external, ...rest } = product;
    return {
      ...rest,
      images: this.mockupsOf(product),
      is_locked: publishing !== null,
      ...(external ? { external } : {}),
      variants: product.variants.map((variant) => {
        const known = provider.variants.find((candidate) => candidate.id === variant.id)!;
        return {
          ...variant,
          sku: `LOCAL-${product.id}-${variant.id}`,
          title: known.title,
          options: [],
          is_default: false,
          is_available: true,
        };
      }),
      print_areas: product.print_areas.map((area) => ({
        ...area,
        placeholders: area.placeholders.map((placeholder) => ({
          ...placeholder,
          images: placeholder.images.map((placed) => {
            const image = this.images.get(placed.id);
            return {
              ...placed,
              name: image?.file_name ?? '',
              type: image?.mime_type ?? 'image/png',
              width: image?.width,
              height: image?.height,
            };
          }),
        })),
      })),
    };
  }

  /** A flat garment of the variant's colour with the design of its print area placed on it (600×600 PNG); camera 3 without the design. */
  private async drawMockup(productId: string, variantId: number, camera: number): Promise<Buffer> {
    const product = this.products.get(productId);
    const area = product?.print_areas.find((candidate) => candidate.variant_ids.includes(variantId));
    if (!product || !area || !CAMERAS.some((known) => known.id === camera)) throw notFound();
    const blueprint = this.blueprint(String(product.blueprint_id));
    const variant = this.provider(blueprint, product.print_provider_id).variants.find((known) => known.id === variantId);
    const placed = area.placeholders[0]?.images[0];
    const image = placed ? this.images.get(placed.id) : undefined;
    const canvas = sharp({ create: { width: 600, height: 600, channels: 4, background: swatchOf(variant) } });
    if (!image || !placed || camera === 3) return canvas.png().toBuffer();
    const areaBox = camera === 1 ? { left: 150, top: 120, width: 300, height: 360 } : { left: 200, top: 160, width: 200, height: 240 };
    const width = Math.max(1, Math.round(areaBox.width * placed.scale));
    const design = await sharp(image.thumbnail).resize(width, areaBox.height, { fit: 'inside' }).png().toBuffer();
    const { width: w = width, height: h = 1 } = await sharp(design).metadata();
    const left = Math.round(areaBox.left + areaBox.width * placed.x - w / 2);
    const top = Math.round(areaBox.top + areaBox.height * placed.y - h / 2);
    return canvas
      .composite([{ input: design, left: Math.max(0, left), top: Math.max(0, top) }])
      .png()
      .toBuffer();
  }

  private page(): string {
    const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const rows = [...this.products.values()]
      .reverse()
      .map((product) => {
        const view = this.view(product);
        const mockups = view.images
          .filter((image) => image.is_default)
          .map((image) => `<img src="${escape(image.src)}" alt="Mockup of ${escape(product.title)}" width="200" height="200">`)
          .join('');
        const state = view.is_locked ? 'Publishing' : product.external ? `Published (listing ${product.external.id})` : 'Draft';
        return `<article id="${product.id}"><h2>${escape(product.title)}</h2><p>${state} · shop ${product.shop_id} · ${product.variants.length} variants · tags: ${escape(product.tags.join(', '))}</p><div>${mockups}</div></article>`;
      })
      .join('\n');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local shop</title><meta http-equiv="refresh" content="10"><style>body{font-family:system-ui,sans-serif;margin:2rem;background:#fafafa;color:#111}article{background:#fff;border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}img{margin-right:.5rem;border-radius:4px;background:#eee}</style></head><body><main><h1>Local shop</h1><p>A Printify-shaped shop for development and tests: ${this.products.size} products.</p>${rows || '<p>No products yet.</p>'}</main></body></html>`;
  }
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 20 * 1024 * 1024) throw new HttpError(413, { error: 'Body too large' });
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return {};
  try {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) throw new Error('not an object');
    return parsed as Record<string, unknown>;
  } catch {
    throw refused(8150, 'Malformed JSON');
  }
}

/** Fetches an upload's URL as Printify does; a failure is error 10300. */
async function download(url: string): Promise<Buffer> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(60_000), redirect: 'follow' });
  } catch (error) {
    throw refused(10300, `Could not download the file: ${(error as Error).message}`);
  }
  if (!response.ok) throw refused(10300, `Could not download the file (HTTP ${response.status})`);
  const data = Buffer.from(await response.arrayBuffer());
  if (data.length > URL_MAX_BYTES) throw refused(8201, 'The file is too large');
  return data;
}

/** Starts a local shop; `close()` stops it. */
export function startLocalShop(options: LocalShopOptions = {}): Promise<LocalShop> {
  return new LocalShop(options).start();
}
