import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { CHANNEL_REFUSES, startLocalShop, type LocalShop } from '../src/local-shop/local-shop.js';
import { PrintifyClient, PrintifyRateLimited, PrintifyRejected, type RateGate } from '../src/printify/printify-client.js';
import { LOCAL_CATALOGUE } from '../src/local-shop/catalogue.js';
import { READY_TEMPLATES } from '../src/templates/ready-templates.js';
import { productDraft, resolveVariants } from '../src/templates/placement.js';

const TOKEN = 'adapter-test-token-9876';
const USER_AGENT = 'Printloom-test/1.0';

/** A PNG of random pixels (incompressible): `megabytes` on disk, give or take a little. */
async function noisePng(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

describe('the Printify adapter against the local shop (the same code as for Printify, another base URL)', () => {
  let shop: LocalShop;
  let files: Server;
  let filesUrl: string;
  const served = new Map<string, Buffer>();
  const blocks: number[] = [];
  const gate: RateGate = { take: async () => 0, block: async (ms) => void blocks.push(ms) };
  const client = (token = TOKEN) =>
    new PrintifyClient({ baseUrl: shop.apiBase, token, userAgent: USER_AGENT, gate, maxInlineWaitMs: 3_000 });

  beforeAll(async () => {
    shop = await startLocalShop({ tokens: [TOKEN], publishLockMs: 600 });
    files = createServer((req, res) => {
      const body = served.get(req.url ?? '');
      if (!body) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(body.length) }).end(body);
    });
    await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
    filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await shop.close();
    await new Promise((resolve) => files.close(resolve));
  });

  it('sends the bearer token and its User-Agent; the shop answers 401 without either', async () => {
    const shops = await client().shops();
    expect(shops).toEqual([expect.objectContaining({ id: expect.any(Number), title: 'Local shop' })]);
    const last = shop.requests.at(-1)!;
    expect(last).toMatchObject({ path: '/v1/shops.json', authorization: `Bearer ${TOKEN}`, userAgent: USER_AGENT, status: 200 });

    expect((await fetch(`${shop.apiBase}/shops.json`, { headers: { 'user-agent': USER_AGENT } })).status).toBe(401);
    expect((await fetch(`${shop.apiBase}/shops.json`, { headers: { authorization: `Bearer ${TOKEN}`, 'user-agent': '' } })).status).toBe(
      401,
    );
    await expect(client('not-the-token-at-all').shops()).rejects.toMatchObject({ status: 401, unauthorised: true });
  });

  it('uploads a 6 MB PNG by URL, and the shop refuses the same file in base64 (over 5 MB) with 8201', async () => {
    const png = await noisePng(1500, 1400);
    expect(png.length).toBeGreaterThan(6 * 1024 * 1024);
    served.set('/big.png', png);
    const upload = await client().uploadByUrl('printloom-test-light.png', `${filesUrl}/big.png`);
    expect(upload).toMatchObject({ file_name: 'printloom-test-light.png', width: 1500, height: 1400 });
    await expect(client().uploadBase64('big.png', png)).rejects.toMatchObject({ status: 400, code: 8201 });
    await expect(client().uploadByUrl('missing.png', `${filesUrl}/missing.png`)).rejects.toMatchObject({ status: 400, code: 10300 });
  }, 60_000);

  it('honours Retry-After: a short one is waited through (the connection blocked for it), a long one is handed to the queue', async () => {
    blocks.length = 0;
    const before = shop.requests.length;
    shop.throttleNext(1, 1);
    expect(await client().shops()).toHaveLength(1);
    expect(shop.requests.slice(before).map((request) => request.status)).toEqual([429, 200]);
    expect(blocks).toEqual([1000]);

    shop.throttleNext(1, 120);
    const error = await client()
      .shops()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PrintifyRateLimited);
    expect((error as PrintifyRateLimited).retryAfterMs).toBe(120_000);
    expect(blocks).toEqual([1000, 120_000]);
  });

  it('takes a slot before every request and waits for one when the gate is full (catalog requests count twice)', async () => {
    const taken: string[] = [];
    let full = true;
    const counting: RateGate = {
      take: async (kind) => {
        taken.push(kind);
        if (kind === 'catalog' && full) {
          full = false;
          return 10;
        }
        return 0;
      },
      block: async () => undefined,
    };
    const limited = new PrintifyClient({ baseUrl: shop.apiBase, token: TOKEN, userAgent: USER_AGENT, gate: counting });
    await limited.variants(12, 29);
    expect(taken).toEqual(['catalog', 'catalog', 'general']);
    full = true;
    const refusing = new PrintifyClient({ baseUrl: shop.apiBase, token: TOKEN, userAgent: USER_AGENT, gate: counting, maxInlineWaitMs: 5 });
    await expect(refusing.variants(12, 29)).rejects.toBeInstanceOf(PrintifyRateLimited);
  });

  it('creates a product with its print areas, refuses a file with too few pixels with 8203 and never retries a 4xx', async () => {
    const [{ id: shopId }] = await client().shops();
    served.set(
      '/ok.png',
      await sharp({ create: { width: 2250, height: 2700, channels: 4, background: '#f00' } })
        .png()
        .toBuffer(),
    );
    served.set(
      '/tiny.png',
      await sharp({ create: { width: 300, height: 360, channels: 4, background: '#00f' } })
        .png()
        .toBuffer(),
    );
    const ok = await client().uploadByUrl('printloom-abc-light.png', `${filesUrl}/ok.png`);
    const tiny = await client().uploadByUrl('printloom-abc-dark.png', `${filesUrl}/tiny.png`);
    const variantIds = LOCAL_CATALOGUE[0]!.providers[0]!.variants.slice(0, 2).map((variant) => variant.id);
    const draft = (imageId: string) => ({
      title: 'Space Meow tee',
      description: 'A cat astronaut',
      tags: ['space meow'],
      blueprint_id: 12,
      print_provider_id: 29,
      variants: variantIds.map((id) => ({ id, price: 2499, is_enabled: true })),
      print_areas: [
        { variant_ids: variantIds, placeholders: [{ position: 'front', images: [{ id: imageId, x: 0.5, y: 0.5, scale: 1, angle: 0 }] }] },
      ],
    });
    const product = await client().createProduct(shopId!, draft(ok.id));
    expect(product.print_areas[0]!.placeholders[0]!.images[0]).toMatchObject({ id: ok.id, name: 'printloom-abc-light.png' });
    const fetched = await client().product(shopId!, product.id);
    expect(fetched.images.length).toBeGreaterThan(0);
    const mockup = await fetch(fetched.images.find((image) => image.is_default)!.src);
    expect(mockup.headers.get('content-type')).toBe('image/png');

    const before = shop.requests.length;
    const refused = await client()
      .createProduct(shopId!, draft(tiny.id))
      .catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(PrintifyRejected);
    expect(refused).toMatchObject({ status: 400, code: 8203 });
    expect(shop.requests.length - before).toBe(1);

    const page = await (await fetch(`${shop.url}/local-shop`)).text();
    expect(page).toContain('Space Meow tee');
    expect(page).toContain(`/mockups/${product.id}/${variantIds[0]}/1.png`);
  }, 60_000);

  it("makes a product of every ready template from the shop's catalogue answers, with every variant the template lists", async () => {
    const [{ id: shopId }] = await client().shops();
    served.set(
      '/print.png',
      await sharp({ create: { width: 4500, height: 5400, channels: 4, background: '#0a0' } })
        .png()
        .toBuffer(),
    );
    const file = await client().uploadByUrl('printloom-ready-light.png', `${filesUrl}/print.png`);
    const files = { light: file, dark: file };
    for (const template of READY_TEMPLATES) {
      const catalogue = await client().variants(template.blueprintId, template.printProviderIds[0]!);
      const resolved = resolveVariants(template, catalogue.variants, undefined, catalogue.title);
      expect({ template: template.id, missing: resolved.missing }).toEqual({ template: template.id, missing: [] });
      const product = await client().createProduct(
        shopId!,
        productDraft(template, catalogue.id, resolved, files, { title: `Ready ${template.id}`, description: 'D', tags: ['t'] }),
      );
      const enabled = product.variants.filter((variant) => variant.is_enabled);
      expect({ template: template.id, enabled: enabled.length }).toEqual({ template: template.id, enabled: template.variants.length });
    }
  }, 60_000);

  /** A tee product of two colours (White and Black, two sizes each) made from a fresh upload. */
  async function teeProduct(title: string) {
    const [{ id: shopId }] = await client().shops();
    served.set(
      '/tee.png',
      await sharp({ create: { width: 4500, height: 5400, channels: 4, background: '#00f' } })
        .png()
        .toBuffer(),
    );
    const upload = await client().uploadByUrl('printloom-tee-light.png', `${filesUrl}/tee.png`);
    const ids = LOCAL_CATALOGUE[0]!.providers[0]!.variants.filter((variant) =>
      ['White / S', 'White / M', 'Black / S', 'Black / M'].includes(variant.title),
    ).map((variant) => variant.id);
    const product = await client().createProduct(shopId!, {
      title,
      description: 'D',
      tags: ['t'],
      blueprint_id: 12,
      print_provider_id: 29,
      variants: ids.map((id) => ({ id, price: 2499, is_enabled: true })),
      print_areas: [
        { variant_ids: ids, placeholders: [{ position: 'front', images: [{ id: upload.id, x: 0.5, y: 0.5, scale: 1, angle: 0 }] }] },
      ],
    });
    return { shopId: shopId!, product, ids };
  }

  it('answers as Printify does: its error bodies, its date format, and a products list that refuses a limit above 50', async () => {
    const [{ id: shopId }] = await client().shops();
    const get = (path: string, token = TOKEN) =>
      fetch(`${shop.apiBase}${path}`, { headers: { authorization: `Bearer ${token}`, 'user-agent': USER_AGENT } });
    const unauthorised = await get('/shops.json', 'wrong-token-entirely');
    expect([unauthorised.status, await unauthorised.json()]).toEqual([401, {}]);
    const unknown = await get(`/shops/${shopId}/products/${'a'.repeat(24)}.json`);
    expect([unknown.status, await unknown.json()]).toEqual([404, { error: 'Not found', request_id: expect.any(String) }]);
    const malformed = await get(`/shops/${shopId}/products/not-an-id.json`);
    expect([malformed.status, await malformed.json()]).toEqual([422, { error: 'Invalid product ID format.' }]);
    expect((await get('/catalog/blueprints/12/print_providers/3/variants.json')).status).toBe(404);
    expect((await get('/catalog/blueprints/99999/print_providers/29/variants.json')).status).toBe(404);

    const tooMany = await get(`/shops/${shopId}/products.json?limit=51`);
    expect([tooMany.status, await tooMany.json()]).toEqual([
      400,
      {
        status: 'error',
        code: 8150,
        message: 'Validation failed.',
        errors: { reason: { limit: ['The limit may not be greater than 50.'] }, code: 8150 },
      },
    ]);
    await expect(client().products(shopId!, 1, 51)).rejects.toMatchObject({ status: 400 });

    const { product } = await teeProduct('Dated tee');
    expect(product.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\+00:00$/);
    const refused = await fetch(`${shop.apiBase}/shops/${shopId}/products.json`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'user-agent': USER_AGENT, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'No variants', blueprint_id: 12, print_provider_id: 29, variants: [], print_areas: [] }),
    });
    expect([refused.status, await refused.json()]).toEqual([
      400,
      { status: 'error', code: 8150, message: 'Validation failed.', errors: { reason: 'Variants are required', code: 8150 } },
    ]);
  }, 60_000);

  it('answers 403 (not 401) to a token without the scope a request needs; reads pass, writes are refused', async () => {
    const readOnly = 'read-only-token-5h3k';
    const shopId = shop.addToken(readOnly, ['shops.read', 'catalog.read', 'products.read']);
    expect(await client(readOnly).shops()).toEqual([expect.objectContaining({ id: shopId })]);
    expect((await client(readOnly).blueprints()).length).toBeGreaterThan(0);
    expect((await client(readOnly).products(shopId, 1, 1)).data).toEqual([]);
    await expect(client(readOnly).uploadBase64('design.png', await noisePng(8, 8))).rejects.toMatchObject({
      status: 403,
      forbidden: true,
      unauthorised: false,
    });
    await expect(
      client(readOnly).createProduct(shopId, {
        title: 'T',
        description: '',
        tags: [],
        blueprint_id: 12,
        print_provider_id: 29,
        variants: [],
        print_areas: [],
      }),
    ).rejects.toMatchObject({ status: 403, forbidden: true });

    // LOCAL_SHOP_TOKENS' syntax: `token:scope+scope` has only those scopes.
    const noCatalogue = 'no-catalogue-token-77aa';
    const scoped = await startLocalShop({ tokens: [`${noCatalogue}:shops.read+products.read`] });
    try {
      const other = new PrintifyClient({ baseUrl: scoped.apiBase, token: noCatalogue, userAgent: USER_AGENT });
      expect(await other.shops()).toHaveLength(1);
      await expect(other.blueprints()).rejects.toMatchObject({ status: 403, forbidden: true });
    } finally {
      await scoped.close();
    }
  });

  it('lists mockups in the create answer: several per enabled colour with their position, one default per variant', async () => {
    const { product, ids } = await teeProduct('Mockup tee');
    const byColour = new Map<string, typeof product.images>();
    for (const image of product.images)
      byColour.set(image.variant_ids.join(','), [...(byColour.get(image.variant_ids.join(',')) ?? []), image]);
    expect(byColour.size).toBe(2);
    for (const images of byColour.values()) {
      expect(images.length).toBeGreaterThan(1);
      expect(images.map((image) => image.position)).toEqual(expect.arrayContaining(['front', 'other']));
    }
    for (const id of ids) expect(product.images.filter((image) => image.is_default && image.variant_ids.includes(id))).toHaveLength(1);
    const drawn = await fetch(product.images.find((image) => image.is_default)!.src);
    expect([drawn.status, drawn.headers.get('content-type')]).toEqual([200, 'image/png']);
  }, 60_000);

  it('publishes asynchronously: locked after publish.json, then listed (external) or, for a refused title, unlocked without a listing', async () => {
    const listed = await teeProduct('Listed tee');
    const refusedTitle = await teeProduct(`Refused tee ${CHANNEL_REFUSES}`);
    for (const { shopId, product } of [listed, refusedTitle]) {
      await client().publish(shopId, product.id);
      expect(await client().product(shopId, product.id)).toMatchObject({ is_locked: true });
      // A second publish while locked is refused (Printify locks the product for its channel).
      await expect(client().publish(shopId, product.id)).rejects.toMatchObject({ status: 400 });
    }
    await new Promise((resolve) => setTimeout(resolve, 700));
    const done = await client().product(listed.shopId, listed.product.id);
    expect(done).toMatchObject({
      is_locked: false,
      external: { id: expect.any(String), handle: expect.stringContaining('/local-shop/listing/') },
    });
    expect((await fetch(done.external!.handle!)).status).toBe(200);
    const failed = await client().product(refusedTitle.shopId, refusedTitle.product.id);
    expect(failed.is_locked).toBe(false);
    expect(failed.external ?? null).toBeNull();
  }, 60_000);
});
