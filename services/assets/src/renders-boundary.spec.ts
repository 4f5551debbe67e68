import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

const src = path.dirname(fileURLToPath(import.meta.url));

/**
 * Who may reach into renders/: the composition root, and the sub-domains that put library and renders
 * together (downloads make a design's files, listing kits and bulk jobs run renders for many designs).
 * Everything else is the library's side (the library, selection, repositories, lifecycle, domain): it
 * never imports renders, so renders can move to a service of its own without taking the library along.
 */
const MAY_IMPORT_RENDERS = ['assets.module.ts', 'start.ts', 'main.ts', 'downloads/', 'design-jobs/', 'listing-kits/', 'bulk-jobs/'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [full] : [];
  });
}

/** The relative modules a file names in `import … from`, `export … from` and `import()`. */
function relativeImports(code: string): string[] {
  return [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) => match[1]!);
}

const insideRenders = (file: string) => path.relative(src, file).split(path.sep)[0] === 'renders';

describe('the renders boundary of assets', () => {
  it('reads imports in every form a file can name a module', () => {
    const code = [
      "import { A } from '../renders/a.js';",
      "import type { B } from './b.js';",
      "export { C } from './renders/c.js';",
      "const d = await import('./d.js');",
      "import '@printloom/contracts';",
    ].join('\n');
    expect(relativeImports(code)).toEqual(['../renders/a.js', './b.js', './renders/c.js', './d.js']);
  });

  it('keeps the library side from importing renders', () => {
    const files = sourceFiles(src);
    expect(files.filter(insideRenders).length).toBeGreaterThan(10);
    const librarySide = files.filter(
      (file) => !insideRenders(file) && !MAY_IMPORT_RENDERS.some((allowed) => path.relative(src, file).startsWith(allowed)),
    );
    expect(librarySide.map((file) => path.relative(src, file))).toEqual(
      expect.arrayContaining([
        'assets.service.ts',
        'asset-lifecycle.service.ts',
        'repositories/asset.repository.ts',
        'selection/collection-selection.service.ts',
      ]),
    );
    const crossings = librarySide.flatMap((file) =>
      relativeImports(readFileSync(file, 'utf8'))
        .filter((spec) => insideRenders(path.resolve(path.dirname(file), spec)))
        .map((spec) => `${path.relative(src, file)} imports ${spec}`),
    );
    expect(crossings).toEqual([]);
  });
});
