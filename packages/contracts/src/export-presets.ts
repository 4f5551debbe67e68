import { z } from 'zod';

/**
 * Print files sized for the product being sold (sizes at 300 DPI from the marketplaces' and printers'
 * own guides, see docs in the repo's research notes). `opaque`: printers want the canvas filled (posters
 * print without transparency: white padding); everything else keeps transparent padding.
 */
export interface ExportPreset {
  id: string;
  name: string;
  product: string;
  width: number;
  height: number;
  dpi: number;
  /** The largest file the marketplace or printer accepts. */
  maxBytes: number;
  opaque: boolean;
}

const MB = 1024 * 1024;
// Merch by Amazon's cap (25 MB) is the strictest published one; where a shop publishes none it applies too.
const COMMON_CAP = 25 * MB;

export const EXPORT_PRESETS = [
  {
    id: 'merch-by-amazon-tshirt',
    name: 'Merch by Amazon T-shirt',
    product: 'T-shirt',
    width: 4500,
    height: 5400,
    dpi: 300,
    maxBytes: COMMON_CAP,
    opaque: false,
  },
  {
    id: 'printify-teepublic-tshirt',
    name: 'Printify / TeePublic T-shirt',
    product: 'T-shirt',
    width: 4500,
    height: 5400,
    dpi: 300,
    maxBytes: COMMON_CAP,
    opaque: false,
  },
  {
    id: 'printful-dtg-tshirt',
    name: 'Printful DTG T-shirt',
    product: 'T-shirt',
    width: 3600,
    height: 4800,
    dpi: 300,
    maxBytes: 200 * MB,
    opaque: false,
  },
  {
    id: 'society6-tshirt',
    name: 'Society6 T-shirt',
    product: 'T-shirt',
    width: 3300,
    height: 5100,
    dpi: 300,
    maxBytes: COMMON_CAP,
    opaque: false,
  },
  { id: 'mug-11oz', name: 'Mug 11 oz wrap', product: 'Mug', width: 2700, height: 1050, dpi: 300, maxBytes: COMMON_CAP, opaque: false },
  { id: 'mug-15oz', name: 'Mug 15 oz wrap', product: 'Mug', width: 2700, height: 1140, dpi: 300, maxBytes: COMMON_CAP, opaque: false },
  { id: 'sticker-3in', name: 'Sticker 3×3 in', product: 'Sticker', width: 900, height: 900, dpi: 300, maxBytes: COMMON_CAP, opaque: false },
  {
    id: 'poster-18x24',
    name: 'Poster 18×24 in',
    product: 'Poster',
    width: 5400,
    height: 7200,
    dpi: 300,
    maxBytes: COMMON_CAP,
    opaque: true,
  },
  { id: 'tote', name: 'Tote bag', product: 'Tote', width: 4500, height: 4500, dpi: 300, maxBytes: COMMON_CAP, opaque: false },
] as const satisfies readonly ExportPreset[];

export type ExportPresetId = (typeof EXPORT_PRESETS)[number]['id'];

export const EXPORT_PRESET_IDS = EXPORT_PRESETS.map((preset) => preset.id) as [ExportPresetId, ...ExportPresetId[]];

/** Making a poster-sized file from a print original takes seconds on a busy machine. */
export const EXPORT_RENDER_TIMEOUT_MS = 120_000;

/** Share of each side left empty around the design in an export. */
export const EXPORT_SAFE_MARGIN = 0.02;

export function exportPreset(id: ExportPresetId): ExportPreset {
  return EXPORT_PRESETS.find((preset) => preset.id === id)!;
}

export const exportPresetSchema = z.object({
  id: z.string(),
  name: z.string(),
  product: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  dpi: z.number().int(),
  maxBytes: z.number().int(),
  opaque: z.boolean(),
});
export const exportPresetsReply = z.object({ presets: z.array(exportPresetSchema) });
export const presetId = z.enum(EXPORT_PRESET_IDS, { message: `preset must be one of: ${EXPORT_PRESET_IDS.join(', ')}` });
