import { describe, expect, it } from '@jest/globals';
import { csvField, KIT_CSV_COLUMNS, kitListingCsv, kitListingJson, type KitListing } from './listing-kit.js';

const listing = (overrides: Partial<KitListing> = {}): KitListing => ({
  design: 'space-cat-A',
  assetId: '7b0c3b8e-3d55-4f7a-9a43-2f5d8e1c0a11',
  files: { light: 'space-cat-A/space-cat-A-light.png', dark: 'space-cat-A/space-cat-A-dark.png' },
  mockups: ['space-cat-A/mockups/tee-white.jpg', 'space-cat-A/mockups/mug-white.jpg'],
  title: 'Space Cat Tee',
  tags: ['space cat', 'cat lover'],
  description: 'A cat in space.',
  bullets: ['Soft cotton', 'Printed to order'],
  brand: 'Moon Shop',
  risks: [],
  ...overrides,
});

/** A small RFC 4180 reader, to check what a spreadsheet would read back. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += char;
  }
  return rows;
}

describe('csvField', () => {
  it('leaves plain text alone', () => {
    expect(csvField('Space Cat Tee')).toBe('Space Cat Tee');
  });

  it('quotes commas, doubles quotes and keeps line breaks inside quotes', () => {
    expect(csvField('cats, dogs')).toBe('"cats, dogs"');
    expect(csvField('the "best" cat')).toBe('"the ""best"" cat"');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
    expect(csvField(' padded ')).toBe('" padded "');
  });

  it('never lets a spreadsheet run a field as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@cat')).toBe("'@cat");
  });
});

describe('kitListingCsv', () => {
  it('writes a header and one row per design that read back to the same text', () => {
    const tricky = listing({
      design: 'retro-sun-B',
      title: 'Sun, Sea "and" Sand',
      description: 'Line one, with a comma.\nLine two "quoted".\n',
      bullets: ['Only one bullet'],
      tags: ['beach', 'summer vibes', "surfer's sun"],
      risks: [{ term: 'sun', level: 'low', source: 'uspto', classes: ['025', '021'], mark: 'SUN' }],
    });
    const csv = kitListingCsv([listing(), tricky]);
    expect(csv.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(csv);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual([...KIT_CSV_COLUMNS]);
    for (const row of rows) expect(row).toHaveLength(KIT_CSV_COLUMNS.length);
    const read = Object.fromEntries(KIT_CSV_COLUMNS.map((column, index) => [column, rows[2][index]]));
    expect(read).toMatchObject({
      design: 'retro-sun-B',
      title: 'Sun, Sea "and" Sand',
      description: 'Line one, with a comma.\nLine two "quoted".\n',
      tags: "beach, summer vibes, surfer's sun",
      bullet_1: 'Only one bullet',
      bullet_2: '',
      light_file: 'space-cat-A/space-cat-A-light.png',
      risks: 'sun (low, uspto 025/021)',
    });
    expect(rows[1][KIT_CSV_COLUMNS.indexOf('mockups')]).toBe('space-cat-A/mockups/tee-white.jpg space-cat-A/mockups/mug-white.jpg');
  });

  it('writes only the header for an empty kit', () => {
    expect(parseCsv(kitListingCsv([]))).toEqual([[...KIT_CSV_COLUMNS]]);
  });
});

describe('kitListingJson', () => {
  it('names the marketplace, says flags are not legal advice and keeps every field as it is', () => {
    const one = listing({ description: 'Quotes " and \\ and\nnew lines' });
    const parsed = JSON.parse(kitListingJson('etsy', [one])) as { target: string; note: string; listings: KitListing[] };
    expect(parsed.target).toBe('etsy');
    expect(parsed.note).toMatch(/not legal advice/);
    expect(parsed.listings).toEqual([one]);
  });
});
