import type { ProductTemplate } from '@printloom/contracts';

const sizes = (list: string[], price: number, bigger: Record<string, number> = {}) =>
  list.map((size) => ({ size, price: bigger[size] ?? price }));
const coloursAndSizes = (colours: string[], sized: { size: string; price: number }[]) =>
  colours.flatMap((color) => sized.map(({ size, price }) => ({ options: { color, size }, price })));
const centred = { position: 'front', x: 0.5, y: 0.5, fit: 'contain' as const };

/**
 * The ready templates: blueprint and print providers (in order of preference), the variants enabled as
 * Printify's catalogue names their options (see local-shop/catalogue.ts for the captured answers), with
 * prices in cents; which colours are dark garments (they get the light-ink file); the design centred
 * and scaled to fit the print area. Variant ids and placeholder sizes come from the connection's catalogue.
 */
export const READY_TEMPLATES: ProductTemplate[] = [
  {
    id: 'tee',
    name: 'Unisex tee',
    product: 'Unisex Jersey Short Sleeve Tee (Bella+Canvas 3001)',
    builtIn: true,
    blueprintId: 12,
    printProviderIds: [29],
    // Bella+Canvas has no "Sport Grey" (a Gildan colour): its grey is "Athletic Heather".
    variants: coloursAndSizes(['White', 'Black', 'Navy', 'Athletic Heather'], sizes(['S', 'M', 'L', 'XL', '2XL'], 2499, { '2XL': 2799 })),
    darkColours: ['Black', 'Navy'],
    placement: centred,
  },
  {
    id: 'hoodie',
    name: 'Hoodie',
    product: 'Unisex Heavy Blend Hooded Sweatshirt (Gildan 18500)',
    builtIn: true,
    blueprintId: 77,
    printProviderIds: [29],
    variants: coloursAndSizes(['White', 'Black', 'Navy'], sizes(['S', 'M', 'L', 'XL', '2XL'], 4499, { '2XL': 4799 })),
    darkColours: ['Black', 'Navy'],
    placement: centred,
  },
  {
    id: 'tote',
    name: 'Tote bag',
    product: 'Cotton Tote Bag',
    builtIn: true,
    blueprintId: 553,
    // The Print Bar (34) is seen with blueprint 553 in public data; provider 3 never is.
    printProviderIds: [34],
    variants: ['Black', 'Cream'].map((color) => ({ options: { color }, price: 1999 })),
    darkColours: ['Black'],
    placement: centred,
  },
  {
    id: 'mug',
    name: 'Mug',
    product: 'Ceramic Mug 11oz',
    builtIn: true,
    blueprintId: 68,
    printProviderIds: [1],
    // A mug has no colour option: its variants are by size only.
    variants: [{ options: { size: '11oz' }, price: 1499 }],
    darkColours: [],
    placement: centred,
  },
  {
    id: 'poster',
    name: 'Poster',
    product: 'Matte Vertical Poster',
    builtIn: true,
    blueprintId: 282,
    printProviderIds: [2],
    variants: [
      { options: { size: '12″ x 18″', paper: 'Matte' }, price: 1799 },
      { options: { size: '18″ x 24″', paper: 'Matte' }, price: 2499 },
    ],
    darkColours: [],
    placement: centred,
  },
];

/** Colour names Printify's catalogues use for dark garments (a saved template's dark group). */
const DARK_WORDS = /\b(black|navy|charcoal|dark|forest|maroon|military|midnight|heather (black|navy)|asphalt|brown|purple|royal)\b/i;
export const isDarkColour = (colour: string) => DARK_WORDS.test(colour);
