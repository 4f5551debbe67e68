import type { PrintifyProduct } from '../printify/printify-client.js';

/** Printify's products list refuses a `limit` above 50 (its reference says 100; measured in 2026). */
export const PRODUCTS_PAGE_LIMIT = 50;
/** At most this many pages are read looking for one product (2,500 products). */
const PAGES_MAX = 50;

type ListedProduct = Pick<PrintifyProduct, 'id' | 'created_at' | 'print_areas'>;
export type ProductsPage = { last_page: number; data: ListedProduct[] };

const timeOf = (product: ListedProduct) => (product.created_at ? Date.parse(product.created_at.replace(' ', 'T')) : Number.NaN);

/**
 * The product an interrupted create made, found by its print files' names (they start with
 * `reference`), without relying on the list's order (Printify does not document it): the order is
 * learnt from `created_at` on the first page, the pages are read from the newest end, and the search
 * stops only after a fully read page lies wholly before `since` (the attempt's window).
 */
export async function findProductByReference(
  products: (page: number) => Promise<ProductsPage>,
  reference: string,
  since: number,
): Promise<string | null> {
  const first = await products(1);
  const lastPage = Math.min(Math.max(1, first.last_page), PAGES_MAX);
  const times = first.data.map(timeOf).filter(Number.isFinite);
  const oldestFirst = times.length > 1 && times[0]! < times.at(-1)!;
  const order = Array.from({ length: lastPage }, (_, index) => (oldestFirst ? lastPage - index : index + 1));
  for (const page of order) {
    const { data } = page === 1 ? first : await products(page);
    const found = data.find((product) =>
      product.print_areas.some((area) =>
        area.placeholders.some((placeholder) => placeholder.images.some((image) => (image.name ?? '').startsWith(reference))),
      ),
    );
    if (found) return found.id;
    const whollyBefore = data.length > 0 && data.every((product) => timeOf(product) < since);
    if (whollyBefore) return null;
  }
  return null;
}
