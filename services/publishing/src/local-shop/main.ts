// The local Printify-shaped shop as its own process (`make dev`, the development compose):
// LOCAL_SHOP_PORT (default 8091), LOCAL_SHOP_TOKENS (comma-separated; default local-shop-token;
// `token:shops.read+catalog.read` gives a token those scopes only, so a missing scope can be tried),
// LOCAL_SHOP_PUBLIC_URL (the address its links start with), LOCAL_SHOP_PUBLISH_LOCK_MS (how long a
// publish keeps a product locked, default 8000 as Printify was measured), LOCAL_SHOP_MIN_DPI (the
// print-file DPI below which a product is refused with 8203; default 150, as Printify; the browser tests,
// which draw designs at half print size, halve it). Never part of production.
import { startLocalShop } from './local-shop.js';

const port = Number(process.env.LOCAL_SHOP_PORT ?? 8091);
const tokens = (process.env.LOCAL_SHOP_TOKENS ?? 'local-shop-token')
  .split(',')
  .map((token) => token.trim())
  .filter(Boolean);
if (process.env.NODE_ENV === 'production') {
  process.stderr.write('The local shop is for development and tests only: it refuses to start with NODE_ENV=production\n');
  process.exit(1);
}
const shop = await startLocalShop({
  port,
  host: process.env.LOCAL_SHOP_HOST ?? '127.0.0.1',
  tokens,
  publicUrl: process.env.LOCAL_SHOP_PUBLIC_URL || undefined,
  publishLockMs: Number(process.env.LOCAL_SHOP_PUBLISH_LOCK_MS ?? 8000),
  minDpi: process.env.LOCAL_SHOP_MIN_DPI ? Number(process.env.LOCAL_SHOP_MIN_DPI) : undefined,
});
process.stdout.write(`local shop listening on ${shop.url} (API ${shop.apiBase}, page ${shop.url}/local-shop)\n`);
const stop = async () => {
  await shop.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
