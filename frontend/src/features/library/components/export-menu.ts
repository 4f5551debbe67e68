import type { ExportPreset } from '../api/export-presets';

export interface ExportMenuEntry {
  id: string;
  name: string;
  /** Pixels and print size, e.g. "4500 × 5400 px · 15 × 18 in". */
  size: string;
}

export interface ExportMenuGroup {
  product: string;
  entries: ExportMenuEntry[];
}

const inches = (pixels: number, dpi: number) => String(Math.round((pixels / dpi) * 10) / 10);

/** The size line of a preset: its canvas in pixels and what that prints at its DPI. */
export function presetSize(preset: Pick<ExportPreset, 'width' | 'height' | 'dpi'>): string {
  return `${preset.width} × ${preset.height} px · ${inches(preset.width, preset.dpi)} × ${inches(preset.height, preset.dpi)} in`;
}

/** The "Export for…" menu: presets grouped by product, in the server's order. */
export function exportMenuGroups(presets: readonly ExportPreset[]): ExportMenuGroup[] {
  const groups = new Map<string, ExportMenuEntry[]>();
  for (const preset of presets) {
    const entries = groups.get(preset.product) ?? [];
    entries.push({ id: preset.id, name: preset.name, size: presetSize(preset) });
    groups.set(preset.product, entries);
  }
  return [...groups].map(([product, entries]) => ({ product, entries }));
}

/** The name to save an export under when the server's answer names none. */
export function exportFallbackName(presetId: string, assetIds: readonly string[]): string {
  return assetIds.length === 1 ? `printloom-${assetIds[0]}-${presetId}.png` : `printloom-${assetIds.length}-images-${presetId}.zip`;
}
