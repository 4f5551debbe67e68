import { execFile } from 'node:child_process';

/** Reads the text in a PNG: one line (`line`) or sparse text anywhere in a picture (`sparse`). */
export type Ocr = (png: Buffer, layout: 'line' | 'sparse') => Promise<string>;

/** tesseract's page segmentation modes for the two layouts. */
const PAGE_MODE = { line: '7', sparse: '11' } as const;

/**
 * Debian's `tesseract` CLI (package tesseract-ocr with tesseract-ocr-eng; the assets image installs
 * it), English model, defaults otherwise: the reader the engine's legibility script uses.
 */
export const tesseract: Ocr = (png, layout) =>
  new Promise((resolve, reject) => {
    const child = execFile(
      'tesseract',
      ['stdin', 'stdout', '--psm', PAGE_MODE[layout], '-l', 'eng'],
      { encoding: 'utf8', timeout: 30_000, env: { ...process.env, OMP_THREAD_LIMIT: '1' } },
      (error, stdout) => (error ? reject(error) : resolve(stdout.trim())),
    );
    child.stdin?.end(png);
  });
