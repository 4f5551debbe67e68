// `/local-shop`: the local shop's products with their default mockups, for a person to look at.
import type { LocalProducts } from './products.js';

export function shopPage(products: LocalProducts): string {
  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const rows = products
    .stored()
    .reverse()
    .map((product) => {
      const view = products.view(product);
      const mockups = view.images
        .filter((image) => image.is_default)
        .map((image) => `<img src="${escape(image.src)}" alt="Mockup of ${escape(product.title)}" width="200" height="200">`)
        .join('');
      const state = view.is_locked ? 'Publishing' : product.external ? `Published (listing ${product.external.id})` : 'Draft';
      return `<article id="${product.id}"><h2>${escape(product.title)}</h2><p>${state} · shop ${product.shop_id} · ${product.variants.length} variants · tags: ${escape(product.tags.join(', '))}</p><div>${mockups}</div></article>`;
    })
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local shop</title><meta http-equiv="refresh" content="10"><style>body{font-family:system-ui,sans-serif;margin:2rem;background:#fafafa;color:#111}article{background:#fff;border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}img{margin-right:.5rem;border-radius:4px;background:#eee}</style></head><body><main><h1>Local shop</h1><p>A Printify-shaped shop for development and tests: ${products.size} products.</p>${rows || '<p>No products yet.</p>'}</main></body></html>`;
}
