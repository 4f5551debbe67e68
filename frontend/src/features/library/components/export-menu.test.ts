import { describe, expect, it } from 'vitest';
import { EXPORT_PRESETS } from '@printloom/contracts/export-presets';
import { exportFallbackName, exportMenuGroups, presetSize } from './export-menu';

describe('the "Export for…" menu', () => {
  it('groups the presets by product, in the server\u2019s order, each with its name and size', () => {
    const groups = exportMenuGroups(EXPORT_PRESETS);
    expect(groups.map((group) => group.product)).toEqual(['T-shirt', 'Mug', 'Sticker', 'Poster', 'Tote']);
    expect(groups[0].entries.map((entry) => entry.id)).toEqual([
      'merch-by-amazon-tshirt',
      'printify-teepublic-tshirt',
      'printful-dtg-tshirt',
      'society6-tshirt',
    ]);
    expect(groups[0].entries[0]).toEqual({
      id: 'merch-by-amazon-tshirt',
      name: 'Merch by Amazon T-shirt',
      size: '4500 × 5400 px · 15 × 18 in',
    });
    expect(groups.flatMap((group) => group.entries)).toHaveLength(EXPORT_PRESETS.length);
  });

  it('states the print size at the preset\u2019s DPI, to a tenth of an inch', () => {
    expect(presetSize({ width: 2700, height: 1050, dpi: 300 })).toBe('2700 × 1050 px · 9 × 3.5 in');
    expect(presetSize({ width: 3300, height: 5100, dpi: 300 })).toBe('3300 × 5100 px · 11 × 17 in');
    expect(presetSize({ width: 900, height: 900, dpi: 150 })).toBe('900 × 900 px · 6 × 6 in');
  });

  it('is empty without presets', () => {
    expect(exportMenuGroups([])).toEqual([]);
  });

  it('names a single export as a PNG and a selection as a ZIP when the server names neither', () => {
    expect(exportFallbackName('tote', ['a1'])).toBe('printloom-a1-tote.png');
    expect(exportFallbackName('mug-11oz', ['a1', 'a2', 'a3'])).toBe('printloom-3-images-mug-11oz.zip');
  });
});
