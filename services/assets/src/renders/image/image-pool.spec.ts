import { afterAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { AppError } from '@printloom/contracts';
import { threadNices } from '@printloom/service-kit/testing';
import { BACKGROUND_NICENESS, ImagePool, POOL_BUSY_MESSAGE } from './image-pool.js';
import { asBackgroundWork } from './background-work.js';
import { AlreadyTransparentError } from './background-remover.js';

/** A transparent square PNG with one SVG shape drawn on it. */
const artOnClear = (size: number, shape: string) =>
  sharp({ create: { width: size, height: size, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${shape}</svg>`) }])
    .png()
    .toBuffer();
// A design without quoted text: its verdict needs no OCR.
const NO_TEXT_PLAN = { prompt: 'a red circle', brief: null, garment: 'light' as const, transparent: true, backgroundKept: false };

// Runs the built worker (npm run build -w services/assets), as the service does.
describe('image worker pool', () => {
  const pool = new ImagePool({ threads: 1, maxQueue: 1, budgets: { removeBackground: 60_000, upscale: 60_000, fitExport: 60_000 } });
  afterAll(() => pool.close());

  const design = (size: number, background: { r: number; g: number; b: number; alpha: number }) =>
    sharp({ create: { width: size, height: size, channels: 4, background } })
      .composite([
        {
          input: Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 4}" fill="#d62828"/></svg>`,
          ),
        },
      ])
      .png()
      .toBuffer();

  it('removes backgrounds and upscales in a worker thread, refusals keeping their kind', async () => {
    const removed = await pool.remove(await design(300, { r: 250, g: 250, b: 250, alpha: 1 }));
    const { data, info } = await sharp(removed).raw().toBuffer({ resolveWithObject: true });
    expect(data[3]).toBe(0);
    expect(data[(150 * info.width + 150) * 4 + 3]).toBe(255);
    expect((await sharp(await pool.upscale(removed, 2)).metadata()).width).toBe(600);
    await expect(pool.remove(removed)).rejects.toBeInstanceOf(AlreadyTransparentError);
  });

  it('fits an original to an export preset in a worker thread, stamping its PNG text', async () => {
    const fitted = await pool.fit(await design(300, { r: 0, g: 0, b: 0, alpha: 0 }), 'sticker-3in', { Software: 'Printloom' });
    const meta = await sharp(fitted).metadata();
    expect([meta.width, meta.height, meta.density]).toEqual([900, 900, 300]);
    expect(meta.comments).toEqual([{ keyword: 'Software', text: 'Printloom' }]);
  });

  it('bounds its queue: past threads + queue, work is refused at once with 503', async () => {
    const image = await design(1500, { r: 250, g: 250, b: 250, alpha: 1 });
    const results = await Promise.allSettled([pool.remove(image), pool.remove(image), pool.remove(image)]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    const refusal = (results[2] as PromiseRejectedResult).reason as AppError;
    expect(refusal).toBeInstanceOf(AppError);
    expect([refusal.code, refusal.message]).toEqual(['UNAVAILABLE', POOL_BUSY_MESSAGE]);
    expect(pool.pending).toBe(0);
  });
});

describe('image worker pool lanes: work no seller waits on yields to the seller', () => {
  const lanes: string[] = [];
  const pool = new ImagePool({
    threads: 1,
    maxQueue: 0,
    background: { threads: 1, maxQueue: 1 },
    budgets: { removeBackground: 60_000, upscale: 60_000, fitExport: 60_000, measureQuality: 60_000 },
  });
  pool.onTask = (operation, _outcome, lane) => lanes.push(`${operation} ${lane}`);
  afterAll(() => pool.close());

  const original = () => artOnClear(1200, '<circle cx="600" cy="600" r="300" fill="#d62828"/>');
  const plan = NO_TEXT_PLAN;

  it('sends quality verdicts and work inside asBackgroundWork to the background lane, the rest to the seller lane', async () => {
    const png = await original();
    lanes.length = 0;
    await pool.fit(png, 'sticker-3in', {});
    await asBackgroundWork(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1)); // still background after an await
      await pool.fit(png, 'sticker-3in', {});
    });
    await expect(pool.measureQuality(png, plan)).resolves.toMatchObject({ ok: true });
    expect(lanes).toEqual(['fit-export seller', 'fit-export background', 'measure-quality background']);
  });

  it("runs the background lane in a process of its own, every thread of it (sharp's too) at a lower OS priority", async () => {
    await asBackgroundWork(async () => pool.fit(await original(), 'sticker-3in', {}));
    const child = pool.backgroundPid!;
    expect(child).toBeGreaterThan(0);
    expect(child).not.toBe(process.pid);
    // V8's, libuv's (where sharp runs), libvips' and the worker thread's: more than the main thread.
    expect(threadNices(child).length).toBeGreaterThan(5);
    expect(new Set(threadNices(child))).toEqual(new Set([BACKGROUND_NICENESS]));
    expect(threadNices('self')).not.toContain(BACKGROUND_NICENESS);
  });

  it('fails the tasks of a background process that died, and the next task starts another', async () => {
    const png = await original();
    await asBackgroundWork(() => pool.measureQuality(png, plan));
    const first = pool.backgroundPid!;
    const lost = asBackgroundWork(() => pool.measureQuality(png, plan));
    process.kill(first, 'SIGKILL');
    await expect(lost).rejects.toThrow(/background image process stopped \(SIGKILL\)/);
    await expect(asBackgroundWork(() => pool.measureQuality(png, plan))).resolves.toMatchObject({ ok: true });
    expect(pool.backgroundPid).not.toBe(first);
    expect(pool.pending).toBe(0);
  });

  it("bounds the background queue on its own: a full one refuses at once while a seller's task still runs", async () => {
    const png = await original();
    const background = [1, 2, 3].map(() => asBackgroundWork(() => pool.measureQuality(png, plan)));
    expect(pool.pendingIn('background')).toBe(2);
    const seller = pool.fit(png, 'sticker-3in', {});
    expect(pool.pendingIn('seller')).toBe(1);
    const results = await Promise.allSettled([...background, seller]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const refusal = (results[2] as PromiseRejectedResult).reason as AppError;
    expect([refusal.code, refusal.message]).toEqual(['UNAVAILABLE', POOL_BUSY_MESSAGE]);
    expect(pool.pending).toBe(0);
  });
});

describe('image worker pool: the background lane widens while no seller waits', () => {
  const pool = new ImagePool({
    threads: 1,
    maxQueue: 2,
    background: { threads: 1, idleThreads: 2, maxQueue: 4 },
    budgets: { removeBackground: 60_000, upscale: 60_000, fitExport: 60_000, measureQuality: 60_000 },
  });
  afterAll(() => pool.close());
  const plan = NO_TEXT_PLAN;
  const original = () => artOnClear(600, '<rect x="150" y="150" width="300" height="300" fill="#1d3557"/>');

  it('runs its idle threads while the seller lane is empty, one thread while a seller task is in flight, and widens again after it', async () => {
    const png = await original();
    // Nothing of a seller's in flight: two of three verdicts run at once, the third waits for a place.
    const idle = [1, 2, 3].map(() => asBackgroundWork(() => pool.measureQuality(png, plan)));
    expect([pool.runningIn('background'), pool.pendingIn('background')]).toEqual([2, 3]);
    await Promise.all(idle);
    expect(pool.runningIn('background')).toBe(0);

    // A seller's export in flight: the background lane keeps to its one thread...
    const seller = pool.fit(png, 'sticker-3in', {});
    const busy = [1, 2, 3].map(() => asBackgroundWork(() => pool.measureQuality(png, plan)));
    expect([pool.runningIn('seller'), pool.runningIn('background'), pool.pendingIn('background')]).toEqual([1, 1, 3]);
    // ...and widens once it is done (the verdicts may have ended meanwhile: never more than two at once).
    await seller;
    expect(pool.runningIn('background')).toBeLessThanOrEqual(2);
    expect((await Promise.all(busy)).every((quality) => quality.checks.length > 0)).toBe(true);
    expect([pool.pending, pool.runningIn('background')]).toEqual([0, 0]);
  });
});

describe('image worker pool: a background task past its time budget', () => {
  const pool = new ImagePool({
    threads: 1,
    maxQueue: 1,
    background: { threads: 1, maxQueue: 1 },
    budgets: { removeBackground: 60_000, upscale: 60_000, fitExport: 60_000, measureQuality: 20 },
  });
  afterAll(() => pool.close());

  it('fails as TIMEOUT at its budget, and the background process goes on with the next task', async () => {
    const png = await artOnClear(3000, '<circle cx="1500" cy="1500" r="900" fill="#2a9d8f"/>');
    await expect(pool.measureQuality(png, NO_TEXT_PLAN)).rejects.toMatchObject({ code: 'TIMEOUT' });
    const running = pool.backgroundPid;
    const fitted = await asBackgroundWork(() => pool.fit(png, 'sticker-3in', {}));
    expect((await sharp(fitted).metadata()).width).toBe(900);
    expect(pool.backgroundPid).toBe(running);
    expect(pool.pending).toBe(0);
  });
});
