import { describe, expect, it } from '@jest/globals';
import { findProductByReference, type ProductsPage } from './product-adoption.js';

const MINUTE = 60_000;
const start = Date.parse('2026-11-27T10:00:00Z');
const printifyDate = (at: number) =>
  new Date(at)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d{3}Z$/, '+00:00');

/** `count` products a minute apart (the one at `target` carries the reference), listed in pages of `limit`, in `order`. */
function shopOf(count: number, target: number, order: 'newest' | 'oldest', limit = 5) {
  const products = Array.from({ length: count }, (_, index) => ({
    id: `p${index}`,
    created_at: printifyDate(start + index * MINUTE),
    print_areas: [
      {
        variant_ids: [1],
        placeholders: [
          { position: 'front', images: [{ id: 'i', name: index === target ? 'printloom-ref-light.png' : `other-${index}.png` }] },
        ],
      },
    ],
  }));
  const listed = order === 'newest' ? [...products].reverse() : products;
  const asked: number[] = [];
  const pages = async (page: number): Promise<ProductsPage> => {
    asked.push(page);
    return { last_page: Math.ceil(listed.length / limit), data: listed.slice((page - 1) * limit, page * limit) };
  };
  return { pages, asked };
}

describe("adopting an interrupted create's product without relying on the list's order", () => {
  it('finds it listed newest first, reading from page 1', async () => {
    const { pages, asked } = shopOf(23, 20, 'newest');
    await expect(findProductByReference(pages, 'printloom-ref', start + 15 * MINUTE)).resolves.toBe('p20');
    expect(asked).toEqual([1]);
  });

  it('finds it listed oldest first, reading from the last page (the newest end)', async () => {
    const { pages, asked } = shopOf(23, 20, 'oldest');
    await expect(findProductByReference(pages, 'printloom-ref', start + 15 * MINUTE)).resolves.toBe('p20');
    expect(asked).toEqual([1, 5]);
  });

  it('stops once a fully read page lies wholly before the window, in either order', async () => {
    for (const order of ['newest', 'oldest'] as const) {
      const { pages, asked } = shopOf(23, -1, order);
      await expect(findProductByReference(pages, 'printloom-ref', start + 15 * MINUTE)).resolves.toBeNull();
      // Newest first: 22…18, 17…13 (partly in the window), 12…8 (wholly before it: the end). Oldest first:
      // page 1 (to learn the order), then 20…22, 15…19, 10…14 (wholly before it).
      expect({ order, asked }).toEqual({ order, asked: order === 'newest' ? [1, 2, 3] : [1, 5, 4, 3] });
    }
  });
});
