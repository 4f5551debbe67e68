import type { ProductTemplate } from '@printloom/contracts';

const sizes = (list: string[], price: number, bigger: Record<string, number> = {}) =>
  list.map((size) => ({ size, price: bigger[size] ?? price }));
const variants = (colours: string[], sized: { size: string; price: number }[]) =>
  colours.flatMap((colour) => sized.map(({ size, price }) => ({ colour, size, price })));
const centred = { position: 'front', x: 0.5, y: 0.5, fit: 'contain' as const };

/**
 * The ready templates: blueprint and print provider, the colours and sizes enabled with their prices
 * (cents), which colours are dark garments (they get the light-ink file), the design centred and scaled
 * to fit the print area. Variant ids and placeholder sizes come from the connection's catalogue.
 */
export const READY_TEMPLATES: ProductTemplate[] = [
  {
    id: 'tee',
    name: 'Unisex tee',
    product: 'Unisex Jersey Short Sleeve Tee (Bella+Canvas 3001)',
    builtIn: true,
    blueprintId: 12,
    printProviderId: 29,
    variants: variants(['White', 'Black', 'Navy', 'Sport Grey'], sizes(['S', 'M', 'L', 'XL', '2XL'], 2499, { '2XL': 2799 })),
    darkColours: ['Black', 'Navy'],
    placement: centred,
  },
  {
    id: 'hoodie',
    name: 'Hoodie',
    product: 'Unisex Heavy Blend Hooded Sweatshirt (Gildan 18500)',
    builtIn: true,
    blueprintId: 77,
    printProviderId: 29,
    variants: variants(['White', 'Black', 'Navy'], sizes(['S', 'M', 'L', 'XL', '2XL'], 4499, { '2XL': 4799 })),
    darkColours: ['Black', 'Navy'],
    placement: centred,
  },
  {
    id: 'tote',
    name: 'Tote bag',
    product: 'Cotton Tote Bag',
    builtIn: true,
    blueprintId: 553,
    printProviderId: 3,
    variants: variants(['Natural', 'Black'], sizes(['One size'], 1999)),
    darkColours: ['Black'],
    placement: centred,
  },
  {
    id: 'mug',
    name: 'Mug',
    product: 'Ceramic Mug 11oz',
    builtIn: true,
    blueprintId: 68,
    printProviderId: 1,
    variants: variants(['White'], sizes(['11oz'], 1499)),
    darkColours: [],
    placement: centred,
  },
  {
    id: 'poster',
    name: 'Poster',
    product: 'Matte Vertical Poster',
    builtIn: true,
    blueprintId: 282,
    printProviderId: 2,
    variants: variants(['White'], sizes(['12x18', '18x24'], 1799, { '18x24': 2499 })),
    darkColours: [],
    placement: centred,
  },
];

/** Colour names Printify's catalogues use for dark garments (a saved template's dark group). */
const DARK_WORDS = /\b(black|navy|charcoal|dark|forest|maroon|military|midnight|heather (black|navy)|asphalt|brown|purple|royal)\b/i;
export const isDarkColour = (colour: string) => DARK_WORDS.test(colour);
