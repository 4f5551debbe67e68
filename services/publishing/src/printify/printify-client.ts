// A thin fetch client for the endpoints of Printify's API that publishing uses, with zod schemas for
// what it reads. The same code talks to Printify and to the local shop: only the base URL differs.
// Every request takes its place under the connection's limits first (RateGate); a 429 blocks the
// connection for its Retry-After; a 4xx that will not change is never retried.
import { z } from 'zod';
import { reasonText } from './printify-words.js';

export type RequestKind = 'general' | 'catalog' | 'publish';

/** The per-connection limits, shared by every instance (see PostgresRateGate). */
export interface RateGate {
  /** Takes a slot of this kind now (answers 0), or answers how many ms until one frees up. */
  take(kind: RequestKind): Promise<number>;
  /** Printify answered 429: nothing of this connection goes out for `ms`. */
  block(ms: number): Promise<void>;
}

/** Printify said wait (or our own count of its limits did): not a failure; try again after `retryAfterMs`. */
export class PrintifyRateLimited extends Error {
  constructor(
    readonly retryAfterMs: number,
    readonly kind: RequestKind,
  ) {
    super(`Printify rate limit (${kind}): retry in ${Math.ceil(retryAfterMs / 1000)} s`);
    this.name = 'PrintifyRateLimited';
  }
}

/** An answer Printify will give again to the same request (a 4xx other than 429): never retried. */
export class PrintifyRejected extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    message: string,
    /** Printify's `errors.reason` as one line, when it gave one. */
    readonly reason: string | null = null,
  ) {
    super(message);
    this.name = 'PrintifyRejected';
  }

  /** The token no longer authenticates (revoked, expired): the seller connects again. */
  get unauthorised(): boolean {
    return this.status === 401;
  }

  /** The token authenticates but lacks the scope this request needs. */
  get forbidden(): boolean {
    return this.status === 403;
  }

  /** Either way, the same request with this token will never succeed. */
  get accessRefused(): boolean {
    return this.unauthorised || this.forbidden;
  }
}

/** A 5xx or a network failure: may succeed later. */
export class PrintifyUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PrintifyUnavailable';
  }
}

const shop = z.object({ id: z.number(), title: z.string(), sales_channel: z.string().default('custom') });
const variant = z.object({
  id: z.number(),
  title: z.string(),
  options: z.record(z.string(), z.unknown()),
  placeholders: z.array(z.object({ position: z.string(), width: z.number(), height: z.number() })),
});
const variantsReply = z.object({ id: z.number(), title: z.string(), variants: z.array(variant) });
const upload = z.object({ id: z.string(), file_name: z.string(), width: z.number(), height: z.number() });
const productImage = z.object({
  src: z.string(),
  variant_ids: z.array(z.number()).default([]),
  position: z.string().optional(),
  is_default: z.boolean().default(false),
});
const product = z.object({
  id: z.string(),
  title: z.string(),
  created_at: z.string().optional(),
  variants: z.array(z.object({ id: z.number(), price: z.number(), is_enabled: z.boolean() })).default([]),
  images: z.array(productImage).default([]),
  /** True while a publish is with the sales channel. */
  is_locked: z.boolean().default(false),
  /** The listing, once the sales channel took the product (`handle`: its URL). */
  external: z.object({ id: z.union([z.string(), z.number()]).optional(), handle: z.string().optional() }).nullish(),
  print_areas: z
    .array(
      z.object({
        variant_ids: z.array(z.number()),
        placeholders: z.array(
          z.object({ position: z.string(), images: z.array(z.object({ id: z.string(), name: z.string().optional() }).passthrough()) }),
        ),
      }),
    )
    .default([]),
});
const productPage = z.object({ current_page: z.number(), last_page: z.number(), data: z.array(product) });

export type PrintifyShopInfo = z.infer<typeof shop>;
export type PrintifyVariant = z.infer<typeof variant>;
/** A blueprint's variants at one print provider (`variants.json`). */
export type ProviderCatalogue = z.infer<typeof variantsReply>;
export type PrintifyProduct = z.infer<typeof product>;
export type PrintifyUpload = z.infer<typeof upload>;

export interface ProductDraft {
  title: string;
  description: string;
  tags: string[];
  blueprint_id: number;
  print_provider_id: number;
  variants: { id: number; price: number; is_enabled: boolean }[];
  print_areas: {
    variant_ids: number[];
    placeholders: { position: string; images: { id: string; x: number; y: number; scale: number; angle: number }[] }[];
  }[];
}

export interface PrintifyClientOptions {
  baseUrl: string;
  token: string;
  userAgent: string;
  gate?: RateGate;
  /** A wait under this is slept through here; a longer one is thrown (PrintifyRateLimited) for the queue to wait. */
  maxInlineWaitMs?: number;
  timeoutMs?: number;
  /** Counts every request that went out (for the metrics and the bench). */
  onRequest?: (kind: RequestKind, status: number) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class PrintifyClient {
  constructor(private readonly options: PrintifyClientOptions) {}

  shops(): Promise<PrintifyShopInfo[]> {
    return this.call('GET', '/shops.json', undefined, z.array(shop));
  }

  /** The catalogue's blueprints: the connect's check of catalog.read. */
  blueprints(): Promise<unknown[]> {
    return this.call('GET', '/catalog/blueprints.json', undefined, z.array(z.unknown()), 'catalog');
  }

  variants(blueprintId: number, printProviderId: number): Promise<ProviderCatalogue> {
    return this.call(
      'GET',
      `/catalog/blueprints/${blueprintId}/print_providers/${printProviderId}/variants.json`,
      undefined,
      variantsReply,
      'catalog',
    );
  }

  /** Printify downloads the file itself: the way for print files (base64 is refused above 5 MB). */
  uploadByUrl(fileName: string, url: string): Promise<PrintifyUpload> {
    return this.call('POST', '/uploads/images.json', { file_name: fileName, url }, upload);
  }

  uploadBase64(fileName: string, contents: Buffer): Promise<PrintifyUpload> {
    return this.call('POST', '/uploads/images.json', { file_name: fileName, contents: contents.toString('base64') }, upload);
  }

  createProduct(shopId: number, draft: ProductDraft): Promise<PrintifyProduct> {
    return this.call('POST', `/shops/${shopId}/products.json`, draft, product);
  }

  product(shopId: number, productId: string): Promise<PrintifyProduct> {
    return this.call('GET', `/shops/${shopId}/products/${productId}.json`, undefined, product);
  }

  products(shopId: number, page: number, limit = 50): Promise<z.infer<typeof productPage>> {
    return this.call('GET', `/shops/${shopId}/products.json?page=${page}&limit=${limit}`, undefined, productPage);
  }

  async publish(shopId: number, productId: string): Promise<void> {
    const flags = { title: true, description: true, images: true, variants: true, tags: true, keyFeatures: true, shipping_template: true };
    await this.call('POST', `/shops/${shopId}/products/${productId}/publish.json`, flags, z.unknown(), 'publish');
  }

  private async call<T>(method: string, path: string, body: unknown, schema: z.ZodType<T>, kind: RequestKind = 'general'): Promise<T> {
    const maxInlineWaitMs = this.options.maxInlineWaitMs ?? 5_000;
    // A publish also counts as a request; a catalog request counts against both its own limit and the overall one.
    const kinds: RequestKind[] = kind === 'general' ? ['general'] : [kind, 'general'];
    for (;;) {
      let wait = 0;
      for (const each of kinds) {
        wait = (await this.options.gate?.take(each)) ?? 0;
        if (wait > 0) {
          if (wait > maxInlineWaitMs) throw new PrintifyRateLimited(wait, each);
          break;
        }
      }
      if (wait > 0) {
        await sleep(wait);
        continue;
      }
      let response: Response;
      try {
        response = await fetch(`${this.options.baseUrl.replace(/\/$/, '')}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${this.options.token}`,
            'user-agent': this.options.userAgent,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 120_000),
        });
      } catch (error) {
        throw new PrintifyUnavailable(`Printify could not be reached: ${(error as Error).message}`);
      }
      this.options.onRequest?.(kind, response.status);
      if (response.status === 429) {
        const retryAfterMs = retryAfterOf(response.headers.get('retry-after'));
        await response.body?.cancel();
        await this.options.gate?.block(retryAfterMs);
        if (retryAfterMs > maxInlineWaitMs) throw new PrintifyRateLimited(retryAfterMs, kind);
        await sleep(retryAfterMs);
        continue;
      }
      const text = await response.text();
      const json = parseJson(text);
      if (response.status >= 500) throw new PrintifyUnavailable(`Printify answered ${response.status}`);
      if (!response.ok) {
        const record = (json && typeof json === 'object' ? json : {}) as Record<string, unknown>;
        const code = typeof record.code === 'number' ? record.code : null;
        const message = String(record.message ?? record.error ?? `HTTP ${response.status}`);
        const errors = (record.errors && typeof record.errors === 'object' ? record.errors : {}) as Record<string, unknown>;
        throw new PrintifyRejected(response.status, code, message, reasonText(errors.reason));
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) throw new PrintifyUnavailable(`Printify answered ${path} in an unexpected shape`);
      return parsed.data;
    }
  }
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** Retry-After in seconds or as an HTTP date; a missing or unreadable one waits a minute. */
export function retryAfterOf(header: string | null, now = Date.now()): number {
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.max(1000, seconds * 1000);
    const date = Date.parse(header);
    if (Number.isFinite(date)) return Math.max(1000, date - now);
  }
  return 60_000;
}
