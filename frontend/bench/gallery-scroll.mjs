#!/usr/bin/env node
// How the /generate gallery copes with a 1,000-image library: serves the built SPA, answers /api with
// a signed-in user and 1,000 assets (24 per page, as the assets service pages them) and small
// thumbnails, scrolls to the bottom through the infinite scroll in Chromium and reports frame times.
// Not a test (no timing assertions): `node frontend/bench/gallery-scroll.mjs` after `vite build`;
// BENCH_LIBRARY sets the library size, BENCH_TRACE=1 prints where the frame time goes.
import { createServer } from 'node:http';
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const LIBRARY = Number(process.env.BENCH_LIBRARY ?? 1000);
const PAGE = 24;
const types = { '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.html': 'text/html', '.webp': 'image/webp' };
const server = createServer((request, response) => {
  const url = new URL(request.url, 'http://x');
  const file = path.join(dist, url.pathname);
  const target = url.pathname !== '/' && existsSync(file) ? file : path.join(dist, 'index.html');
  response.writeHead(200, { 'Content-Type': types[path.extname(target)] ?? 'application/octet-stream' });
  response.end(readFileSync(target));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;

const now = Date.now();
const assets = Array.from({ length: LIBRARY }, (_, index) => ({
  id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  jobId: `00000000-0000-4000-9000-${String(Math.floor(index / 4)).padStart(12, '0')}`,
  job: { prompt: `design number ${index}, 'Bench ${index}' in retro letters` },
  starred: index % 9 === 0,
  createdAt: new Date(now - index * 60_000).toISOString(),
  expiresAt: new Date(now + ((index % 30) + 1) * 86_400_000).toISOString(),
  width: 4500,
  height: 5400,
}));
// The assets service serves 384 px WebP thumbnails (services/assets/src/derivatives.ts).
const { default: sharp } = await import('sharp');
const thumbnail = await sharp(readFileSync(path.join(dist, 'examples/space-meow-A.webp')))
  .resize(384, 384, { fit: 'inside' })
  .webp()
  .toBuffer();

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
await page.addInitScript(() => localStorage.setItem('cookie-consent', JSON.stringify({ value: 'accepted', at: new Date().toISOString() })));
await page.route('**/api/**', (route) => {
  const url = new URL(route.request().url());
  if (url.pathname === '/api/auth/me')
    return route.fulfill({
      json: {
        user: { id: '00000000-0000-4000-8000-000000000001', email: 'bench@example.com', hasPassword: true, hasGoogleAuth: false },
        credits: 500,
        subscription: {
          status: 'active',
          planId: 'pro',
          currentPeriodEnd: new Date(now + 20 * 86_400_000).toISOString(),
          cancelAtPeriodEnd: false,
        },
      },
    });
  if (url.pathname === '/api/assets') {
    const offset = Number(url.searchParams.get('cursor') ?? 0);
    const next = offset + PAGE < LIBRARY ? String(offset + PAGE) : null;
    return route.fulfill({ json: { assets: assets.slice(offset, offset + PAGE), nextCursor: next } });
  }
  if (url.pathname.startsWith('/api/download/')) return route.fulfill({ body: thumbnail, contentType: 'image/webp' });
  return route.fulfill({ status: 404, json: { error: 'not in the bench' } });
});

await page.goto(`${base}/generate`);
await page.getByTestId('asset-card').first().waitFor();
const started = Date.now();
const frames = await page.evaluate(async (total) => {
  const deltas = [];
  let last = performance.now();
  let running = true;
  const tick = (time) => {
    deltas.push(time - last);
    last = time;
    if (running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  const moreToLoad = () =>
    [...document.querySelectorAll('button')].some((button) => /Load More|Loading\.\.\./.test(button.textContent ?? ''));
  const atBottom = () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
  while (!atBottom() || moreToLoad()) {
    window.scrollBy(0, 600);
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  const loadingFrames = deltas.length;
  await new Promise((resolve) => setTimeout(resolve, 300));
  if (!document.querySelector(`img[alt*="Bench ${total - 1}'"]`)) throw new Error('never reached the last image');
  for (let step = 0; step < 120; step += 1) {
    window.scrollBy(0, -400);
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  running = false;
  return { loading: deltas.slice(0, loadingFrames), loaded: deltas.slice(loadingFrames) };
}, LIBRARY);
const seconds = (Date.now() - started) / 1000;
if (process.env.BENCH_TRACE) {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  await page.evaluate(async () => {
    for (let i = 0; i < 40; i += 1) {
      window.scrollBy(0, 400);
      await new Promise((r) => requestAnimationFrame(r));
    }
  });
  await cdp.send('Tracing.end');
  await done;
  const totals = new Map();
  for (const event of events) if (event.dur) totals.set(event.name, (totals.get(event.name) ?? 0) + event.dur);
  console.log(
    [...totals]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([name, dur]) => `${(dur / 1000).toFixed(0)} ms ${name}`)
      .join('\n'),
  );
}
function describe(deltas) {
  const sorted = [...deltas].sort((a, b) => a - b);
  const pick = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1);
  return `${sorted.length} frames, p50 ${pick(0.5)} ms, p95 ${pick(0.95)} ms, ${sorted.filter((delta) => delta > 50).length} over 50 ms`;
}
const heap = await page.evaluate(() => performance.memory?.usedJSHeapSize ?? 0);
console.log(
  `${LIBRARY}-image library, ${seconds.toFixed(1)} s in all; scrolling down while pages load: ${describe(frames.loading)}; scrolling back through all ${LIBRARY} cards: ${describe(frames.loaded)}; JS heap ${(heap / 1048576).toFixed(0)} MB`,
);
await browser.close();
server.close();
