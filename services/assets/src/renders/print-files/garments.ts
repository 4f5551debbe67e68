/** The two garments a design has a print file for, and the colour each is measured against. */
export const GARMENTS = {
  light: { r: 255, g: 255, b: 255 },
  dark: { r: 0, g: 0, b: 0 },
} as const;
export type Garment = keyof typeof GARMENTS;

export const otherGarment = (garment: Garment): Garment => (garment === 'light' ? 'dark' : 'light');
