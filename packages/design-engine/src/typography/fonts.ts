import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import opentype, { type Font } from 'opentype.js';

const require = createRequire(import.meta.url);

export type FontId =
  | 'anton'
  | 'bebas-neue'
  | 'bangers'
  | 'pacifico'
  | 'righteous'
  | 'monoton'
  | 'fredoka'
  | 'alfa-slab-one'
  | 'pirata-one'
  | 'shrikhand'
  | 'permanent-marker'
  | 'luckiest-guy'
  | 'rye';

export interface FontFace {
  id: FontId;
  family: string;
  /** Path of the TTF inside its npm package. */
  file: string;
  licence: string;
  /** Whether it draws lowercase letters as capitals anyway (then the slogan is shown as typed). */
  capsOnly: boolean;
}

const face = (id: FontId, family: string, file: string, licence = 'OFL-1.1', capsOnly = false): FontFace => ({
  id,
  family,
  file,
  licence,
  capsOnly,
});

/** The curated display faces, all TTF from @expo-google-fonts (fonts OFL-1.1 or Apache-2.0). */
export const FONT_FACES: Record<FontId, FontFace> = {
  anton: face('anton', 'Anton', '@expo-google-fonts/anton/400Regular/Anton_400Regular.ttf'),
  'bebas-neue': face('bebas-neue', 'Bebas Neue', '@expo-google-fonts/bebas-neue/400Regular/BebasNeue_400Regular.ttf', 'OFL-1.1', true),
  bangers: face('bangers', 'Bangers', '@expo-google-fonts/bangers/400Regular/Bangers_400Regular.ttf', 'OFL-1.1', true),
  pacifico: face('pacifico', 'Pacifico', '@expo-google-fonts/pacifico/400Regular/Pacifico_400Regular.ttf'),
  righteous: face('righteous', 'Righteous', '@expo-google-fonts/righteous/400Regular/Righteous_400Regular.ttf'),
  monoton: face('monoton', 'Monoton', '@expo-google-fonts/monoton/400Regular/Monoton_400Regular.ttf', 'OFL-1.1', true),
  fredoka: face('fredoka', 'Fredoka', '@expo-google-fonts/fredoka/700Bold/Fredoka_700Bold.ttf'),
  'alfa-slab-one': face('alfa-slab-one', 'Alfa Slab One', '@expo-google-fonts/alfa-slab-one/400Regular/AlfaSlabOne_400Regular.ttf'),
  'pirata-one': face('pirata-one', 'Pirata One', '@expo-google-fonts/pirata-one/400Regular/PirataOne_400Regular.ttf'),
  shrikhand: face('shrikhand', 'Shrikhand', '@expo-google-fonts/shrikhand/400Regular/Shrikhand_400Regular.ttf'),
  'permanent-marker': face(
    'permanent-marker',
    'Permanent Marker',
    '@expo-google-fonts/permanent-marker/400Regular/PermanentMarker_400Regular.ttf',
    'Apache-2.0',
    true,
  ),
  'luckiest-guy': face(
    'luckiest-guy',
    'Luckiest Guy',
    '@expo-google-fonts/luckiest-guy/400Regular/LuckiestGuy_400Regular.ttf',
    'Apache-2.0',
    true,
  ),
  rye: face('rye', 'Rye', '@expo-google-fonts/rye/400Regular/Rye_400Regular.ttf'),
};

const loaded = new Map<FontId, Font>();

export function loadFont(id: FontId): Font {
  let font = loaded.get(id);
  if (!font) {
    const bytes = readFileSync(require.resolve(FONT_FACES[id].file));
    font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    loaded.set(id, font);
  }
  return font;
}
