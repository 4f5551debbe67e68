import { pick, type Random } from '../random.js';
import type { Colour, Style } from './vocabulary.js';

/** Inks for one garment colour: `ink` carries the headline, `outline` separates shapes. */
export interface Palette {
  id: string;
  ink: string;
  second: string;
  accent: string;
  outline: string;
  /** A light fill for badge centres and sticker bodies. */
  paper: string;
}

interface PaletteFamily {
  id: string;
  colours: Colour[];
  styles: Style[];
  onDark: Omit<Palette, 'id'>;
  onLight: Omit<Palette, 'id'>;
}

// Limited palettes (3 inks + outline) that keep contrast on their garment colour.
const FAMILIES: PaletteFamily[] = [
  {
    id: 'sunset',
    colours: ['orange', 'yellow', 'pink'],
    styles: ['retro'],
    onDark: { ink: '#FFD166', second: '#F78C6B', accent: '#EF476F', outline: '#2B1B3D', paper: '#FFF1D6' },
    onLight: { ink: '#2B1B3D', second: '#EF476F', accent: '#F79D4B', outline: '#2B1B3D', paper: '#FFE8C2' },
  },
  {
    id: 'heritage',
    colours: ['brown', 'gold'],
    styles: ['vintage', 'distressed', 'western'],
    onDark: { ink: '#F2E3C6', second: '#E09F3E', accent: '#5F9E8F', outline: '#2A1E17', paper: '#F2E3C6' },
    onLight: { ink: '#3B2A20', second: '#B5532B', accent: '#3E7C6E', outline: '#3B2A20', paper: '#F2E3C6' },
  },
  {
    id: 'neon',
    colours: ['pink', 'purple', 'teal'],
    styles: ['neon'],
    onDark: { ink: '#FF3CAC', second: '#2DE2E6', accent: '#F9F871', outline: '#1A0033', paper: '#2A0A4A' },
    onLight: { ink: '#C2127A', second: '#0A8F94', accent: '#6A2CBF', outline: '#1A0033', paper: '#F3E8FF' },
  },
  {
    id: 'pastel',
    colours: ['pastel', 'pink'],
    styles: ['kawaii'],
    onDark: { ink: '#FFB3C6', second: '#9FE3E0', accent: '#FFE66D', outline: '#3D2C4F', paper: '#FFF5F8' },
    onLight: { ink: '#E75A7C', second: '#3FA7A3', accent: '#F2B705', outline: '#3D2C4F', paper: '#FFF5F8' },
  },
  {
    id: 'nocturne',
    colours: ['black', 'red'],
    styles: ['gothic'],
    onDark: { ink: '#ECE6DA', second: '#C1121F', accent: '#8D99AE', outline: '#0B0B0B', paper: '#ECE6DA' },
    onLight: { ink: '#161616', second: '#9B1B1F', accent: '#4A4E69', outline: '#0B0B0B', paper: '#ECE6DA' },
  },
  {
    id: 'ocean',
    colours: ['blue', 'teal'],
    styles: [],
    onDark: { ink: '#8ECAE6', second: '#FFB703', accent: '#219EBC', outline: '#023047', paper: '#EAF6FB' },
    onLight: { ink: '#023047', second: '#1B8FB0', accent: '#FB8500', outline: '#023047', paper: '#EAF6FB' },
  },
  {
    id: 'forest',
    colours: ['green'],
    styles: [],
    onDark: { ink: '#B7E4C7', second: '#F4A261', accent: '#52B788', outline: '#1B4332', paper: '#F1FAF3' },
    onLight: { ink: '#1B4332', second: '#2D6A4F', accent: '#E76F51', outline: '#1B4332', paper: '#F1FAF3' },
  },
  {
    id: 'fire',
    colours: ['red', 'orange'],
    styles: ['comic'],
    onDark: { ink: '#FFBA08', second: '#F48C06', accent: '#E5383B', outline: '#370617', paper: '#FFF3D1' },
    onLight: { ink: '#9D0208', second: '#E85D04', accent: '#FFBA08', outline: '#370617', paper: '#FFF3D1' },
  },
  {
    id: 'groove',
    colours: ['orange', 'yellow', 'brown'],
    styles: ['groovy'],
    onDark: { ink: '#F6BD60', second: '#F28482', accent: '#84A59D', outline: '#3D2314', paper: '#F7EDE2' },
    onLight: { ink: '#8C3B1F', second: '#E76F51', accent: '#E9A23B', outline: '#3D2314', paper: '#F7EDE2' },
  },
  {
    id: 'royal',
    colours: ['purple', 'gold'],
    styles: [],
    onDark: { ink: '#E0C3FC', second: '#FFD166', accent: '#9D4EDD', outline: '#240046', paper: '#F6EEFF' },
    onLight: { ink: '#3C096C', second: '#7B2CBF', accent: '#E09F3E', outline: '#240046', paper: '#F6EEFF' },
  },
  {
    id: 'varsity',
    colours: ['red', 'blue', 'white'],
    styles: ['varsity'],
    onDark: { ink: '#FFFFFF', second: '#E63946', accent: '#A8DADC', outline: '#1D3557', paper: '#F1FAEE' },
    onLight: { ink: '#1D3557', second: '#E63946', accent: '#457B9D', outline: '#1D3557', paper: '#F1FAEE' },
  },
  {
    id: 'mono',
    colours: ['black', 'white'],
    styles: ['minimalist', 'hand-lettered'],
    onDark: { ink: '#FFFFFF', second: '#F4D35E', accent: '#BDBDBD', outline: '#111111', paper: '#FFFFFF' },
    onLight: { ink: '#111111', second: '#E4572E', accent: '#555555', outline: '#111111', paper: '#FFFFFF' },
  },
  {
    id: 'rainbow',
    colours: ['rainbow'],
    styles: [],
    onDark: { ink: '#FFD23F', second: '#EE4266', accent: '#3BCEAC', outline: '#1B1B3A', paper: '#FFFFFF' },
    onLight: { ink: '#540D6E', second: '#EE4266', accent: '#0EAD69', outline: '#1B1B3A', paper: '#FFFFFF' },
  },
];

/** Families the prompt asks for (colour words first, then styles); every family when nothing matches. */
export function paletteFamiliesFor(colours: readonly Colour[], styles: readonly Style[]): string[] {
  const named = colours.filter((colour) => colour !== 'black' && colour !== 'white');
  const byColour = FAMILIES.filter((family) => named.some((colour) => family.colours.includes(colour)));
  if (byColour.length > 0) return byColour.map((family) => family.id);
  const byStyle = FAMILIES.filter((family) => styles.some((style) => family.styles.includes(style)));
  if (byStyle.length > 0) return byStyle.map((family) => family.id);
  return FAMILIES.filter((family) => family.id !== 'mono' && family.id !== 'neon' && family.id !== 'nocturne').map((family) => family.id);
}

/** One palette for a garment colour: `dark` means the design prints on a black shirt. */
export function choosePalette(families: readonly string[], dark: boolean, random: Random): Palette {
  const id = pick(random, families);
  const family = FAMILIES.find((candidate) => candidate.id === id) ?? FAMILIES[0]!;
  return { id: family.id, ...(dark ? family.onDark : family.onLight) };
}

/** Garment colours a design is judged against (a black tee, or a white tee and white sticker backing). */
export const GARMENT = { dark: '#000000', light: '#FFFFFF' } as const;

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio of two colours, 1..21. */
export function contrast(first: string, second: string): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Letters need at least this contrast with what they sit on to read at a glance (WCAG's large-text bar). */
export const MIN_TEXT_CONTRAST = 3;

/** `preferred` when it reads on `surface`, else the palette ink that reads best there. */
export function readableInk(preferred: string, palette: Palette, surface: string): string {
  if (contrast(preferred, surface) >= MIN_TEXT_CONTRAST) return preferred;
  return [palette.ink, palette.second, palette.outline, palette.paper, palette.accent].reduce(
    (best, colour) => (contrast(colour, surface) > contrast(best, surface) ? colour : best),
    preferred,
  );
}
