// The local shop's products (`/v1/shops/{id}/products…`): created after Printify's checks (variants the
// provider offers, uploaded images with enough pixels), listed 50 a page at most, answered with their
// mockups at once, and published asynchronously (locked, then listed on the channel or silently refused).
import { randomBytes } from 'node:crypto';
import { blueprintOf, providerOf } from './catalogue-routes.js';
import { CAMERAS } from './mockup-drawing.js';
import { HttpError, notFound, printifyDate, refused } from './printify-answers.js';
import type { LocalUploads } from './uploads.js';

interface PrintAreaImage {
  id: string;
  x: number;
  y: number;
  scale: number;
  angle: number;
}

export interface StoredProduct {
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

/** A product title containing this fails its push to the sales channel (after the lock), with no reason given. */
export const CHANNEL_REFUSES = '[[channel-refuses]]';

export interface LocalProductsOptions {
  /** Below this many print-file pixels per inch of the placeholder (at 300 px an inch) a product is refused with 8203. */
  minDpi?: number;
  /** How long a product stays locked after `publish.json` (Printify: about 8 s). */
  publishLockMs?: number;
}

export class LocalProducts {
  private readonly products = new Map<string, StoredProduct>();
  /** Test hook: `publish.json` answers Printify's validation refusal with this reason (null: publishes). */
  publishRefusal: string | null = null;

  constructor(
    private readonly uploads: LocalUploads,
    private readonly options: LocalProductsOptions,
    /** The base the shop's own links (mockups, listings) start with, known once it listens. */
    private readonly baseUrl: () => string,
  ) {}

  get size(): number {
    return this.products.size;
  }

  /** Every product, oldest first, as stored. */
  stored(): StoredProduct[] {
    return [...this.products.values()];
  }

  get(id: string): StoredProduct | undefined {
    return this.products.get(id);
  }

  /** Every product of a shop, newest first. */
  ofShop(shopId: number): StoredProduct[] {
    return this.stored()
      .filter((product) => product.shop_id === shopId)
      .reverse();
  }

  /** A shop's product by id: a malformed id is Printify's 422, an unknown one (or another shop's) its 404. */
  find(shopId: number, id: string): StoredProduct {
    if (!/^[0-9a-f]{24}$/.test(id)) throw new HttpError(422, { error: 'Invalid product ID format.' });
    const product = this.products.get(id);
    if (!product || product.shop_id !== shopId) throw notFound();
    return product;
  }

  /** `GET products.json`: a page of the shop's products, newest first; `limit` above 50 refused as the live API does. */
  page(shopId: number, url: URL) {
    const products = this.ofShop(shopId);
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

  /** The names of the print files a product was made with (publishing names them after the publication). */
  fileNamesOf(productId: string): string[] {
    const product = this.products.get(productId);
    return (product?.print_areas ?? []).flatMap((area) =>
      area.placeholders.flatMap((placeholder) => placeholder.images.map((placed) => this.uploads.get(placed.id)?.file_name ?? '')),
    );
  }

  create(shopId: number, body: Record<string, unknown>) {
    const title = typeof body.title === 'string' ? body.title : '';
    if (!title) throw refused(8150, 'The title is required');
    const blueprint = blueprintOf(String(body.blueprint_id));
    const provider = providerOf(blueprint, String(body.print_provider_id));
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
          const image = this.uploads.get(placed.id);
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
  publish(product: StoredProduct): Record<string, never> {
    this.settle(product);
    if (this.publishRefusal) throw refused(8150, this.publishRefusal);
    if (product.publishing) throw refused(8150, 'The product is being published: it is locked until its sales channel answers.');
    product.publishing = { until: Date.now() + (this.options.publishLockMs ?? 8_000), fails: product.title.includes(CHANNEL_REFUSES) };
    product.updated_at = printifyDate();
    return {};
  }

  /** A publish whose lock ran out gets its outcome. */
  settle(product: StoredProduct): void {
    if (!product.publishing || Date.now() < product.publishing.until) return;
    if (!product.publishing.fails) {
      const listingId = String(1_000_000_000 + Math.floor(Math.random() * 8_999_999_999));
      const slug = product.title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')
        .slice(0, 60);
      product.external = { id: listingId, handle: `${this.baseUrl()}/local-shop/listing/${listingId}/${slug}` };
      product.published = true;
    }
    product.publishing = null;
    product.updated_at = printifyDate();
  }

  /** Printify's mockups of a product: for each enabled colour (one group where the blueprint has none), a few cameras, the first the default. */
  private mockupsOf(product: StoredProduct) {
    const provider = providerOf(blueprintOf(product.blueprint_id), product.print_provider_id);
    const byColour = new Map<string, number[]>();
    for (const variant of product.variants.filter((candidate) => candidate.is_enabled)) {
      const colour = provider.variants.find((known) => known.id === variant.id)?.options.color ?? '';
      byColour.set(colour, [...(byColour.get(colour) ?? []), variant.id]);
    }
    return [...byColour.values()].flatMap((variantIds) =>
      CAMERAS.map((camera) => ({
        src: `${this.baseUrl()}/mockups/${product.id}/${variantIds[0]}/${camera.id}.png`,
        variant_ids: variantIds,
        position: camera.position,
        is_default: camera.isDefault,
      })),
    );
  }

  /** The product as Printify answers it: mockups listed at once, locked while publishing, `external` once listed. */
  view(product: StoredProduct) {
    this.settle(product);
    const blueprint = blueprintOf(product.blueprint_id);
    const provider = providerOf(blueprint, product.print_provider_id);
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
            const image = this.uploads.get(placed.id);
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
}
