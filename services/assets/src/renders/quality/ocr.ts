import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Reads the text in a PNG: one line (`line`) or sparse text anywhere in a picture (`sparse`);
 * `lines`, when the reader has it, reads several one-line PNGs in one go (the same readings, cheaper).
 */
export interface Ocr {
  (png: Buffer, layout: 'line' | 'sparse'): Promise<string>;
  lines?: (pngs: Buffer[]) => Promise<string[]>;
}

/** tesseract's page segmentation modes for the two layouts. */
const PAGE_MODE = { line: '7', sparse: '11' } as const;

/** tesseract's text output puts this between the pages of a multi-image run. */
const PAGE_SEPARATOR = '\f';

function runTesseract(input: string, layout: 'line' | 'sparse', stdin?: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'tesseract',
      [input, 'stdout', '--psm', PAGE_MODE[layout], '-l', 'eng'],
      { encoding: 'utf8', timeout: 30_000, env: { ...process.env, OMP_THREAD_LIMIT: '1' } },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    );
    child.stdin?.end(stdin);
  });
}

/**
 * Several lines in one tesseract run (it takes a file listing images): its start-up (loading the
 * model, ~half the cost of reading one line) is paid once. Its LSTM reader keeps nothing from page
 * to page, so each reading is the one a run of its own gives (services/assets/test/test-design-verdicts.spec.ts holds it).
 */
async function tesseractLines(pngs: Buffer[]): Promise<string[]> {
  if (pngs.length <= 1) return Promise.all(pngs.map((png) => tesseract(png, 'line')));
  const folder = await mkdtemp(path.join(tmpdir(), 'pl-ocr-'));
  try {
    const files = pngs.map((_, index) => path.join(folder, `${index}.png`));
    await Promise.all(pngs.map((png, index) => writeFile(files[index]!, png)));
    await writeFile(path.join(folder, 'list.txt'), files.join('\n') + '\n');
    const pages = (await runTesseract(path.join(folder, 'list.txt'), 'line')).split(PAGE_SEPARATOR);
    if (pages.length !== pngs.length) throw new Error(`tesseract read ${pages.length} pages of ${pngs.length}`);
    return pages.map((page) => page.trim());
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Debian's `tesseract` CLI (package tesseract-ocr with tesseract-ocr-eng; the assets image installs
 * it), English model, defaults otherwise: the reader the engine's legibility script uses.
 */
export const tesseract: Ocr = Object.assign(
  async (png: Buffer, layout: 'line' | 'sparse') => (await runTesseract('stdin', layout, png)).trim(),
  { lines: tesseractLines },
);
