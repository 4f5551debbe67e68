import { describe, expect, it } from '@jest/globals';
import { LOCAL_CATALOGUE } from '../local-shop/catalogue.js';
import { READY_TEMPLATES } from './ready-templates.js';
import { containScale, productDraft, resolveVariants } from './placement.js';

const tee = READY_TEMPLATES.find((template) => template.id === 'tee')!;
const teeCatalogue = LOCAL_CATALOGUE.find((blueprint) => blueprint.id === 12)!.providers[0]!.variants;

describe('placement', () => {
  it('fits the whole design in the print area, centred: full width unless relatively taller', () => {
    expect(containScale({ width: 4500, height: 5400 }, { width: 4500, height: 5400 })).toBe(1);
    expect(containScale({ width: 4500, height: 4500 }, { width: 4500, height: 5400 })).toBe(1);
    expect(containScale({ width: 4500, height: 5400 }, { width: 2700, height: 1050 })).toBeCloseTo((1050 * 4500) / (5400 * 2700), 6);
  });

  it('gives light garments the light file and dark garments the dark file, in two print areas', () => {
    const resolved = resolveVariants(tee, teeCatalogue);
    expect(resolved.missing).toEqual([]);
    expect(resolved.groups.dark).toHaveLength(10); // Black and Navy, 5 sizes each
    expect(resolved.groups.light).toHaveLength(10);
    const draft = productDraft(
      tee,
      resolved,
      { light: { id: 'L', width: 4500, height: 5400 }, dark: { id: 'D', width: 4500, height: 5400 } },
      { title: 'T', description: 'D', tags: ['a'] },
    );
    expect(draft.print_areas.map((area) => area.placeholders[0]!.images[0]!.id)).toEqual(['L', 'D']);
    const blackIds = teeCatalogue.filter((variant) => variant.options.color === 'Black').map((variant) => variant.id);
    expect(draft.print_areas[1]!.variant_ids).toEqual(expect.arrayContaining(blackIds));
    expect(draft.variants).toHaveLength(20);
    expect(draft.variants.find((variant) => variant.id === blackIds[4])!.price).toBe(2799);
  });

  it('names the colours and sizes a catalogue does not offer', () => {
    const resolved = resolveVariants({ ...tee, variants: [...tee.variants, { colour: 'Gold', size: 'M', price: 1 }] }, teeCatalogue);
    expect(resolved.missing).toEqual(['Gold / M']);
  });
});
