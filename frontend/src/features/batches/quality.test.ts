import { describe, expect, it } from 'vitest';
import { rowsToRedo } from './quality';

const row = (prompt: string, assetIds: string[], dark = false) => ({ prompt, dark, transparent: true, assetIds });

describe('rowsToRedo', () => {
  it('takes the last row of each prompt and options, when one of its designs is flagged', () => {
    const rows = [
      row('Camping crew', ['a', 'b']),
      row('Fishing crew', ['c']),
      row('Fishing crew', ['d']),
      row('Fishing crew', ['e'], true),
    ];
    expect(rowsToRedo(rows, new Set(['a', 'c', 'e']))).toEqual([rows[0], rows[3]]);
    expect(rowsToRedo(rows, new Set(['d']))).toEqual([rows[2]]);
    expect(rowsToRedo(rows, new Set())).toEqual([]);
  });
});
