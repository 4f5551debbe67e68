// A local Printify-shaped shop: the endpoints of Printify's API that publishing uses, with the same
// shapes, authentication, limits and error codes, so that every publishing feature works offline and
// in tests. The adapter talks to it exactly as to Printify (only PRINTIFY_API_BASE differs). Products
// live in memory; `/local-shop` shows them with their mockups. Not for production.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { LOCAL_CATALOGUE, swatchOf, type CatalogueBlueprint } from './catalogue.js';

export interface LocalShopOptions {
  port?: number;
  host?: string;
  /** Tokens accepted as `Authorization: Bearer <token>`; each is one Printify account with one shop. */
  tokens?: string[];
  /** Limits per token, as Printify's: requests a minute, catalog requests a minute, publishes per window. */
  requestsPerMinute?: number;
  catalogPerMinute?: number;
  publishesPerWindow?: number;
  publishWindowMs?: number;
  /** How long after a product is created its mockups appear (Printify: about a minute). */
  mockupDelayMs?: number;
  /** Below this many print-file pixels per inch of the placeholder (at 300 px an inch) a product is refused with 8203. */
  minDpi?: number;
  /** The base its own links (mockups, the page) start with; defaults to its own address. */
  publicUrl?: string;
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
  is_locked: boolean;
  published: boolean;
  mockupsAt: number;
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
  private readonly shops = new Map<string, number>();
  private readonly images = new Map<string, StoredImage>();
  private readonly products = new Map<string, StoredProduct>();
  private readonly general: WindowLimiter;
  private readonly catalog: WindowLimiter;
  private readonly publishes: WindowLimiter;
  /** Test hook: the next N requests answer 429 with this Retry-After. */
  private throttled: { remaining: number; seconds: number } | null = null;
  /** Test hook: awaited once a product exists and before the answer leaves. */
  private afterCreate: ((product: CreatedProduct) => Promise<void> | void) | null = null;

  constructor(private readonly options: LocalShopOptions = {}) {
    this.tokens = new Set(options.tokens ?? ['local-shop-token']);
    let shopId = 1000;
    for (const token of this.tokens) this.shops.set(token, ++shopId);
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

  /** Adds an accepted token (a new account with its own shop); answers its shop id. */
  addToken(token: string): number {
    this.tokens.add(token);
    const id = 1000 + this.shops.size + 1;
    this.shops.set(token, id);
    return id;
  }

  /** The token no longer authenticates (a seller revoked it in Printify). */
  revoke(token: string): void {
    this.tokens.delete(token);
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

  allProducts(): StoredProduct[] {
    return [...this.products.values()];
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
      const mockup = /^\/mockups\/([\w-]+)\/(\d+)\.png$/.exec(url.pathname);
      if (req.method === 'GET' && mockup) return send(200, await this.drawMockup(mockup[1]!, Number(mockup[2])));
      if (!url.pathname.startsWith('/v1/')) throw new HttpError(404, { error: 'Not found' });
      const token = this.authenticate(req);
      this.limit(token, url.pathname);
      const body = req.method === 'POST' || req.method === 'PUT' ? await readJson(req) : {};
      send(200, await this.route(req.method ?? 'GET', url, token, body));
    } catch (error) {
      if (error instanceof HttpError) return send(error.status, error.body, error.headers);
      send(500, { error: (error as Error).message });
    }
  }

  private authenticate(req: IncomingMessage): string {
    const userAgent = req.headers['user-agent'];
    if (!userAgent || !userAgent.trim()) throw new HttpError(401, { error: 'A User-Agent header is required' });
    const match = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    if (!match || !this.tokens.has(match[1]!)) throw new HttpError(401, { error: 'Unauthenticated' });
    return match[1]!;
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
    if (Number(shopId) !== own) throw new HttpError(404, { code: 8251, message: 'Shop not found' });
    return own;
  }

  private async route(method: string, url: URL, token: string, body: Record<string, unknown>): Promise<unknown> {
    const path = url.pathname;
    let m: RegExpExecArray | null;
    if (method === 'GET' && path === '/v1/shops.json') return [{ id: this.shops.get(token), title: 'Local shop', sales_channel: 'etsy' }];
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
      const limit = Math.min(50, Math.max(1, Number(url.searchParams.get('limit') ?? 10)));
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
    if (method === 'GET' && (m = /^\/v1\/shops\/(\d+)\/products\/([\w-]+)\.json$/.exec(path)))
      return this.view(this.product(this.shopOf(token, m[1]!), m[2]!));
    if (method === 'POST' && (m = /^\/v1\/shops\/(\d+)\/products\/([\w-]+)\/publish\.json$/.exec(path))) {
      const product = this.product(this.shopOf(token, m[1]!), m[2]!);
      product.published = true;
      product.updated_at = new Date().toISOString();
      return {};
    }
    throw new HttpError(404, { error: 'Not found' });
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
    if (!blueprint) throw new HttpError(404, { code: 8101, message: 'Blueprint not found' });
    return blueprint;
  }

  private provider(blueprint: CatalogueBlueprint, id: string | number) {
    const provider = blueprint.providers.find((candidate) => candidate.id === Number(id));
    if (!provider) throw new HttpError(404, { code: 8102, message: 'Print provider not found' });
    return provider;
  }

  private product(shopId: number, id: string): StoredProduct {
    const product = this.products.get(id);
    if (!product || product.shop_id !== shopId) throw new HttpError(404, { code: 8252, message: 'Product not found' });
    return product;
  }

  private async upload(body: Record<string, unknown>) {
    const fileName = typeof body.file_name === 'string' ? body.file_name : '';
    if (!fileName) throw new HttpError(400, { code: 8201, message: 'file_name is required' });
    let data: Buffer;
    if (typeof body.contents === 'string') {
      data = Buffer.from(body.contents, 'base64');
      if (data.length > BASE64_MAX_BYTES)
        throw new HttpError(400, { code: 8201, message: 'Base64 uploads are limited to 5 MB: upload larger files by URL' });
    } else if (typeof body.url === 'string') {
      data = await download(body.url);
    } else {
      throw new HttpError(400, { code: 8201, message: 'Either url or contents is required' });
    }
    let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
    let thumbnail: Buffer;
    try {
      meta = await sharp(data, { limitInputPixels: 100_000_000 }).metadata();
      thumbnail = await sharp(data, { limitInputPixels: 100_000_000 }).resize(400, 400, { fit: 'inside' }).png().toBuffer();
    } catch {
      throw new HttpError(400, { code: 8201, message: 'The file is not an image Printify can read' });
    }
    const image: StoredImage = {
      id: randomBytes(12).toString('hex'),
      file_name: fileName,
      width: meta.width ?? 0,
      height: meta.height ?? 0,
      size: data.length,
      mime_type: `image/${meta.format ?? 'png'}`,
      upload_time: new Date().toISOString(),
      thumbnail,
    };
    this.images.set(image.id, image);
    const { thumbnail: _thumbnail, ...view } = image;
    return { ...view, preview_url: `${this.baseUrl}/v1/uploads/${image.id}` };
  }

  private create(shopId: number, body: Record<string, unknown>) {
    const title = typeof body.title === 'string' ? body.title : '';
    if (!title) throw new HttpError(400, { code: 8150, message: 'Validation failed: title is required' });
    const blueprint = this.blueprint(String(body.blueprint_id));
    const provider = this.provider(blueprint, String(body.print_provider_id));
    const variants = Array.isArray(body.variants) ? (body.variants as StoredProduct['variants']) : [];
    if (variants.length === 0) throw new HttpError(400, { code: 8150, message: 'Validation failed: variants are required' });
    for (const variant of variants)
      if (!provider.variants.some((known) => known.id === variant.id))
        throw new HttpError(400, { code: 8150, message: `Validation failed: variant ${variant.id} is not offered` });
    const areas = Array.isArray(body.print_areas) ? (body.print_areas as StoredProduct['print_areas']) : [];
    if (areas.length === 0) throw new HttpError(400, { code: 8150, message: 'Validation failed: print_areas are required' });
    const minDpi = this.options.minDpi ?? 150;
    for (const area of areas) {
      for (const placeholder of area.placeholders) {
        for (const placed of placeholder.images) {
          const image = this.images.get(placed.id);
          if (!image) throw new HttpError(400, { code: 8150, message: `Validation failed: image ${placed.id} does not exist` });
          for (const variantId of area.variant_ids) {
            const variant = provider.variants.find((known) => known.id === variantId);
            const slot = variant?.placeholders.find((candidate) => candidate.position === placeholder.position);
            if (!slot) throw new HttpError(400, { code: 8150, message: `Validation failed: no ${placeholder.position} placeholder` });
            // The placeholder is drawn at 300 px an inch; the image covers `scale` of its width.
            const dpi = (300 * image.width) / (placed.scale * slot.width);
            if (dpi < minDpi)
              throw new HttpError(400, {
                code: 8203,
                message: `Image ${image.file_name} has too few pixels for the ${placeholder.position} placeholder (${Math.floor(dpi)} DPI)`,
              });
          }
        }
      }
    }
    const id = randomBytes(12).toString('hex');
    const now = new Date().toISOString();
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
      is_locked: false,
      published: false,
      mockupsAt: Date.now() + (this.options.mockupDelayMs ?? 2_000),
    };
    this.products.set(id, product);
    return this.view(product);
  }

  /** The product as Printify answers it; its mockups appear once their delay has passed. */
  private view(product: StoredProduct) {
    const blueprint = this.blueprint(String(product.blueprint_id));
    const provider = this.provider(blueprint, product.print_provider_id);
    const ready = Date.now() >= product.mockupsAt;
    const images = ready
      ? product.print_areas.map((area, index) => ({
          src: `${this.baseUrl}/mockups/${product.id}/${index}.png`,
          variant_ids: area.variant_ids,
          position: 'front',
          is_default: index === 0,
        }))
      : [];
    const { mockupsAt: _mockupsAt, published, ...rest } = product;
    return {
      ...rest,
      images,
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
      external: published ? { id: `local-${product.id}`, handle: `${this.baseUrl}/local-shop#${product.id}` } : undefined,
    };
  }

  /** A flat garment of the area's first colour with the design placed on it (600×600 PNG). */
  private async drawMockup(productId: string, index: number): Promise<Buffer> {
    const product = this.products.get(productId);
    const area = product?.print_areas[index];
    if (!product || !area || Date.now() < product.mockupsAt) throw new HttpError(404, { error: 'Not found' });
    const blueprint = this.blueprint(String(product.blueprint_id));
    const variant = this.provider(blueprint, product.print_provider_id).variants.find((known) => known.id === area.variant_ids[0]);
    const colour = swatchOf(variant);
    const placed = area.placeholders[0]?.images[0];
    const image = placed ? this.images.get(placed.id) : undefined;
    const canvas = sharp({ create: { width: 600, height: 600, channels: 4, background: colour } });
    if (!image || !placed) return canvas.png().toBuffer();
    const areaBox = { left: 150, top: 120, width: 300, height: 360 };
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
        const mockups = view.images.length
          ? view.images
              .map((image) => `<img src="${escape(image.src)}" alt="Mockup of ${escape(product.title)}" width="200" height="200">`)
              .join('')
          : '<p>Mockups are being drawn…</p>';
        return `<article id="${product.id}"><h2>${escape(product.title)}</h2><p>${product.published ? 'Published' : 'Draft'} · shop ${product.shop_id} · ${product.variants.length} variants · tags: ${escape(product.tags.join(', '))}</p><div>${mockups}</div></article>`;
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
    throw new HttpError(400, { code: 8150, message: 'Malformed JSON' });
  }
}

/** Fetches an upload's URL as Printify does; a failure is error 10300. */
async function download(url: string): Promise<Buffer> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(60_000), redirect: 'follow' });
  } catch (error) {
    throw new HttpError(400, { code: 10300, message: `Could not download the file: ${(error as Error).message}` });
  }
  if (!response.ok) throw new HttpError(400, { code: 10300, message: `Could not download the file (HTTP ${response.status})` });
  const data = Buffer.from(await response.arrayBuffer());
  if (data.length > URL_MAX_BYTES) throw new HttpError(400, { code: 8201, message: 'The file is too large' });
  return data;
}

/** Starts a local shop; `close()` stops it. */
export function startLocalShop(options: LocalShopOptions = {}): Promise<LocalShop> {
  return new LocalShop(options).start();
}
