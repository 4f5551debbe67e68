import { describe, expect, it } from '@jest/globals';
import { kitFolders } from './kit-folders.js';

describe('kitFolders', () => {
  it('names each design after its prompt and variant, numbering designs that read alike', () => {
    const rows = [
      { id: 'a', prompt: 'Space cat, retro', variant: 'A' as const, kind: 'generated' as const },
      { id: 'b', prompt: 'Space cat, retro', variant: 'A' as const, kind: 'generated' as const },
      { id: 'c', prompt: 'Space cat, retro', variant: 'A' as const, kind: 'upscaled' as const },
      { id: 'd', prompt: '', variant: null, kind: 'background-removed' as const },
    ];
    expect(kitFolders(rows)).toEqual([
      { assetId: 'a', folder: 'space-cat-retro-A' },
      { assetId: 'b', folder: 'space-cat-retro-A-2' },
      { assetId: 'c', folder: 'space-cat-retro-A-upscaled' },
      { assetId: 'd', folder: 'printloom-design-nobg' },
    ]);
  });
});
