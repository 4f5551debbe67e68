// Garment previews (mockups) of a design: which products and colours, zod-free so the web app can
// name them without loading zod. Each is a 2000×2000 JPEG made by assets from its own templates.

export const MOCKUP_PRODUCTS = ['tee', 'hoodie', 'tote', 'mug', 'poster'] as const;
export type MockupProduct = (typeof MOCKUP_PRODUCTS)[number];

/** Mockup images are square, this many pixels a side (Etsy asks for at least 2000 on the long side). */
export const MOCKUP_SIZE = 2000;

export interface MockupKind {
  id: string;
  product: MockupProduct;
  colour: string;
  /** Which print file it shows: the design's file for light garments or the one for dark garments. */
  garment: 'light' | 'dark';
}

export const MOCKUPS = [
  { id: 'tee-white', product: 'tee', colour: 'white', garment: 'light' },
  { id: 'tee-black', product: 'tee', colour: 'black', garment: 'dark' },
  { id: 'tee-heather-grey', product: 'tee', colour: 'heather grey', garment: 'light' },
  { id: 'tee-navy', product: 'tee', colour: 'navy', garment: 'dark' },
  { id: 'hoodie-black', product: 'hoodie', colour: 'black', garment: 'dark' },
  { id: 'tote-natural', product: 'tote', colour: 'natural', garment: 'light' },
  { id: 'mug-white', product: 'mug', colour: 'white', garment: 'light' },
  { id: 'poster-black-frame', product: 'poster', colour: 'black-framed', garment: 'light' },
] as const satisfies readonly MockupKind[];

export type MockupId = (typeof MOCKUPS)[number]['id'];
export const MOCKUP_IDS = MOCKUPS.map((mockup) => mockup.id) as [MockupId, ...MockupId[]];

/** How a mockup is named to people (and screen readers): "black tee", "black-framed poster". */
export const mockupName = (mockup: { product: string; colour: string }): string => `${mockup.colour} ${mockup.product}`;
