// The local shop's small catalogue: the five products of the ready templates, each with one print
// provider, colours and sizes, and placeholder sizes in pixels (300 px an inch). Blueprint and provider
// ids follow Printify's catalogue where known (tee 12, hoodie 77); variant ids are the local shop's own:
// templates name colours and sizes, and the adapter reads variant ids from whichever catalogue it talks to.

export interface CatalogueVariant {
  id: number;
  title: string;
  options: { color: string; size: string };
  placeholders: { position: string; width: number; height: number }[];
  /** The garment's colour, for the local mockups (not part of Printify's answer, harmless beside it). */
  hex: string;
}

export interface CatalogueBlueprint {
  id: number;
  title: string;
  brand: string;
  model: string;
  providers: { id: number; title: string; variants: CatalogueVariant[] }[];
}

const COLOURS: Record<string, string> = {
  White: '#ffffff',
  Black: '#111111',
  Natural: '#efe6d2',
  Navy: '#1f2a44',
  'Sport Grey': '#9b9b9b',
};

function variants(
  firstId: number,
  colours: string[],
  sizes: string[],
  placeholder: { position?: string; width: number; height: number },
): CatalogueVariant[] {
  const list: CatalogueVariant[] = [];
  let id = firstId;
  for (const color of colours)
    for (const size of sizes)
      list.push({
        id: id++,
        title: `${color} / ${size}`,
        options: { color, size },
        placeholders: [{ position: placeholder.position ?? 'front', width: placeholder.width, height: placeholder.height }],
        hex: COLOURS[color] ?? '#ffffff',
      });
  return list;
}

export const LOCAL_CATALOGUE: CatalogueBlueprint[] = [
  {
    id: 12,
    title: 'Unisex Jersey Short Sleeve Tee',
    brand: 'Bella+Canvas',
    model: '3001',
    providers: [
      {
        id: 29,
        title: 'Monster Digital',
        variants: variants(18000, ['White', 'Black', 'Navy', 'Sport Grey'], ['S', 'M', 'L', 'XL', '2XL'], { width: 4500, height: 5400 }),
      },
    ],
  },
  {
    id: 77,
    title: 'Unisex Heavy Blend Hooded Sweatshirt',
    brand: 'Gildan',
    model: '18500',
    providers: [
      {
        id: 29,
        title: 'Monster Digital',
        variants: variants(32900, ['White', 'Black', 'Navy'], ['S', 'M', 'L', 'XL', '2XL'], { width: 4500, height: 5100 }),
      },
    ],
  },
  {
    id: 553,
    title: 'Cotton Tote Bag',
    brand: 'Generic brand',
    model: 'Tote',
    providers: [
      { id: 3, title: 'Local Tote Provider', variants: variants(45000, ['Natural', 'Black'], ['One size'], { width: 4500, height: 4500 }) },
    ],
  },
  {
    id: 68,
    title: 'Ceramic Mug 11oz',
    brand: 'Generic brand',
    model: 'Mug 11oz',
    providers: [{ id: 1, title: 'Local Mug Provider', variants: variants(33700, ['White'], ['11oz'], { width: 2700, height: 1050 }) }],
  },
  {
    id: 282,
    title: 'Matte Vertical Poster',
    brand: 'Generic brand',
    model: 'Poster',
    providers: [
      { id: 2, title: 'Local Poster Provider', variants: variants(43100, ['White'], ['12x18', '18x24'], { width: 5400, height: 7200 }) },
    ],
  },
];
