// The local shop's catalogue: the blueprints of the ready templates as Printify's catalogue answers
// them (`GET /v1/catalog/blueprints/{id}/print_providers/{id}/variants.json`), NOT as our templates
// would like them. Sources (see ../shared/research/printify-fidelity.md, C1–C5):
// - tee 12 / provider 29 (Monster Digital): variant titles `<Color> / <Size>`, options `{color, size}`,
//   Bella+Canvas colour names ("Athletic Heather"; no "Sport Grey", a Gildan colour), as in the
//   captured variants.json answer quoted in public Printify client docs (`"Athletic Heather / S"`,
//   `options: {"color": "Athletic Heather", "size": "S"}`); front 4500×5400 as captured.
// - hoodie 77 / provider 29: Gildan 18500 colours and sizes (ids differ by provider: read at run time).
// - tote 553 / provider 34 (The Print Bar): captured colours Black and Cream, a colour option only.
//   Provider 3 never appears with blueprint 553 in public data: it is not here either.
// - mug 68 / provider 1: size only, variant 33719 titled "11oz", `options: {size: "11oz"}`,
//   placeholder 2475×1155 (captured in public client code's catalogue entry for blueprint 68/1).
// - poster 282 / provider 2 (Sensaria): size and paper, titles like `12″ x 18″ / Matte` with ids
//   43135… as a public poster profile lists them; the 12×18 placeholder 3600×5400 as captured.
// Ids are the captured ones where a capture has them, otherwise in the captured range. Several
// placeholders per variant where the capture has them (front and back on garments).

export interface CatalogueVariant {
  id: number;
  title: string;
  options: Record<string, string>;
  placeholders: { position: string; width: number; height: number }[];
}

export interface CatalogueProvider {
  id: number;
  title: string;
  variants: CatalogueVariant[];
}

export interface CatalogueBlueprint {
  id: number;
  title: string;
  brand: string;
  model: string;
  providers: CatalogueProvider[];
}

/** The garment colours the local mockups are drawn on (not part of Printify's answer). */
export const SWATCHES: Record<string, string> = {
  White: '#ffffff',
  Black: '#111111',
  Navy: '#1f2a44',
  'Athletic Heather': '#b8b8b8',
  'Sport Grey': '#9b9b9b',
  'Dark Heather': '#4a4a4a',
  Cream: '#f3ead3',
};

const garment = (front: { width: number; height: number }) => [
  { position: 'front', ...front },
  { position: 'back', ...front },
];

function colourSizeVariants(
  firstId: number,
  colours: string[],
  sizes: string[],
  placeholders: CatalogueVariant['placeholders'],
): CatalogueVariant[] {
  let id = firstId;
  return colours.flatMap((color) =>
    sizes.map((size) => ({ id: id++, title: `${color} / ${size}`, options: { color, size }, placeholders })),
  );
}

const POSTER_SIZES: [number, string, number, number][] = [
  [43135, '11″ x 14″', 3300, 4200],
  [43138, '12″ x 18″', 3600, 5400],
  [43141, '16″ x 20″', 4800, 6000],
  [43144, '18″ x 24″', 5400, 7200],
  [43147, '20″ x 30″', 6000, 9000],
  [43150, '24″ x 36″', 7200, 10800],
];

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
        variants: colourSizeVariants(
          18100,
          ['White', 'Black', 'Navy', 'Athletic Heather', 'Dark Heather'],
          ['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL'],
          garment({ width: 4500, height: 5400 }),
        ),
      },
    ],
  },
  {
    id: 77,
    title: 'Unisex Heavy Blend™ Hooded Sweatshirt',
    brand: 'Gildan',
    model: '18500',
    providers: [
      {
        id: 29,
        title: 'Monster Digital',
        variants: colourSizeVariants(
          32900,
          ['White', 'Black', 'Navy', 'Sport Grey', 'Dark Heather'],
          ['S', 'M', 'L', 'XL', '2XL', '3XL'],
          garment({ width: 4500, height: 5100 }),
        ),
      },
    ],
  },
  {
    id: 553,
    title: 'Cotton Tote Bag',
    brand: 'Generic brand',
    model: 'Tote',
    providers: [
      {
        id: 34,
        title: 'The Print Bar',
        variants: ['Black', 'Cream'].map((color, index) => ({
          id: 71920 + index,
          title: color,
          options: { color },
          placeholders: garment({ width: 4500, height: 4500 }),
        })),
      },
    ],
  },
  {
    id: 68,
    title: 'Mug 11oz',
    brand: 'Generic brand',
    model: 'Mug 11oz',
    providers: [
      {
        id: 1,
        title: 'SPOKE Custom Products',
        variants: [
          { id: 33719, title: '11oz', options: { size: '11oz' }, placeholders: [{ position: 'front', width: 2475, height: 1155 }] },
        ],
      },
    ],
  },
  {
    id: 282,
    title: 'Matte Vertical Posters',
    brand: 'Generic brand',
    model: 'Vertical Poster',
    providers: [
      {
        id: 2,
        title: 'Sensaria',
        variants: POSTER_SIZES.map(([id, size, width, height]) => ({
          id,
          title: `${size} / Matte`,
          options: { size, paper: 'Matte' },
          placeholders: [{ position: 'front', width, height }],
        })),
      },
    ],
  },
];

/** A variant's garment colour for the local mockups (white where it has none: mugs, posters). */
export const swatchOf = (variant: CatalogueVariant | undefined) => SWATCHES[variant?.options.color ?? 'White'] ?? '#ffffff';
