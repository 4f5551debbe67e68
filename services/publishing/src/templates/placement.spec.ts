import { describe, expect, it } from '@jest/globals';
import { LOCAL_CATALOGUE } from '../local-shop/catalogue.js';
import { READY_TEMPLATES } from './ready-templates.js';
import { containScale, normaliseOption, productDraft, resolveVariants } from './placement.js';

const ready = (id: string) => READY_TEMPLATES.find((template) => template.id === id)!;
const catalogueOf = (blueprintId: number) => LOCAL_CATALOGUE.find((blueprint) => blueprint.id === blueprintId)!.providers[0]!;
const tee = ready('tee');
const teeCatalogue = catalogueOf(12).variants;

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
    expect(resolved.groups.light).toHaveLength(10); // White and Athletic Heather
    const draft = productDraft(
      tee,
      29,
      resolved,
      { light: { id: 'L', width: 4500, height: 5400 }, dark: { id: 'D', width: 4500, height: 5400 } },
      { title: 'T', description: 'D', tags: ['a'] },
    );
    expect(draft.print_provider_id).toBe(29);
    expect(draft.print_areas.map((area) => area.placeholders[0]!.images[0]!.id)).toEqual(['L', 'D']);
    const blackIds = teeCatalogue.filter((variant) => variant.options.color === 'Black').map((variant) => variant.id);
    expect(draft.print_areas[1]!.variant_ids).toEqual(expect.arrayContaining(blackIds.slice(1, 6)));
    expect(draft.variants).toHaveLength(20);
    expect(draft.variants.find((variant) => variant.id === teeCatalogue.find((v) => v.title === 'Black / 2XL')!.id)!.price).toBe(2799);
  });

  it('names the entries a catalogue does not offer, as Printify would title them', () => {
    const resolved = resolveVariants(
      { ...tee, variants: [...tee.variants, { options: { color: 'Sport Grey', size: 'M' }, price: 1 }] },
      teeCatalogue,
      undefined,
      'Monster Digital',
    );
    expect(resolved.missing).toEqual([
      { options: { color: 'Sport Grey', size: 'M' }, label: 'Sport Grey / M', reason: 'Not offered by Monster Digital' },
    ]);
  });

  it('matches the options each blueprint has: a mug by size, a poster by size and paper, a tote by colour', () => {
    for (const [id, blueprintId, count] of [
      ['mug', 68, 1],
      ['poster', 282, 2],
      ['tote', 553, 2],
      ['hoodie', 77, 15],
    ] as const) {
      const resolved = resolveVariants(ready(id), catalogueOf(blueprintId).variants);
      expect({ id, missing: resolved.missing }).toEqual({ id, missing: [] });
      expect((resolved.groups.light?.length ?? 0) + (resolved.groups.dark?.length ?? 0)).toBe(count);
    }
    // A mug or a poster has no colour: one file, the light-garment one.
    expect(resolveVariants(ready('poster'), catalogueOf(282).variants).groups).toEqual({ light: expect.any(Array) });
    // A saved template spelling sizes its own way still finds Printify's variants.
    const poster = resolveVariants(
      { ...ready('poster'), variants: [{ options: { size: '12x18', paper: 'matte' }, price: 1000 }] },
      catalogueOf(282).variants,
    );
    expect(poster.groups.light).toEqual([expect.objectContaining({ id: 43138, price: 1000 })]);
    const xxl = resolveVariants({ ...tee, variants: [{ options: { color: 'black', size: 'XXL' }, price: 1 }] }, teeCatalogue);
    expect(xxl.groups.dark).toEqual([expect.objectContaining({ id: teeCatalogue.find((v) => v.title === 'Black / 2XL')!.id })]);
  });

  it('normalises spellings: inch marks, ×, spaces and case; 2XL is XXL', () => {
    expect(normaliseOption('12″ x 18″')).toBe('12x18');
    expect(normaliseOption('12" × 18"')).toBe('12x18');
    expect(normaliseOption('2XL')).toBe(normaliseOption('XXL'));
    expect(normaliseOption(' Athletic  Heather ')).toBe('athleticheather');
    expect(normaliseOption('3XL')).not.toBe(normaliseOption('2XL'));
  });
});
