import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { waitFor } from '@printloom/service-kit/testing';

const builtPool = fileURLToPath(new URL('../dist/renders/image/image-pool.js', import.meta.url));
const builtLane = fileURLToPath(new URL('../dist/renders/image/background-work.js', import.meta.url));

/** A service-like parent (the built pool): runs one background task, prints its background process's pid, then idles. */
const PARENT = `
  import sharp from 'sharp';
  import { ImagePool } from ${JSON.stringify(builtPool)};
  import { asBackgroundWork } from ${JSON.stringify(builtLane)};
  const pool = new ImagePool({ threads: 1, maxQueue: 1, budgets: { removeBackground: 60000, upscale: 60000, fitExport: 60000 } });
  const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: { r: 200, g: 0, b: 0, alpha: 1 } } }).png().toBuffer();
  await asBackgroundWork(() => pool.fit(png, 'sticker-3in', {}));
  console.log(String(pool.backgroundPid));
  setInterval(() => undefined, 1000);
`;

/** Running (not gone, not a zombie waiting to be reaped). */
function alive(pid: number): boolean {
  try {
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

describe("the image pool's background process (a real parent process)", () => {
  it('ends when the service that started it is killed: no process is left holding memory', async () => {
    const parent = spawn(process.execPath, ['--input-type=module', '-e', PARENT], {
      stdio: ['ignore', 'pipe', 'inherit'],
      cwd: process.cwd(),
    });
    const childPid = await new Promise<number>((resolve, reject) => {
      let output = '';
      parent.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const line = /^(\d+)$/m.exec(output);
        if (line) resolve(Number(line[1]));
      });
      parent.once('exit', (code) => reject(new Error(`the parent exited (${code}) before its background task ended`)));
    });
    expect(childPid).not.toBe(parent.pid);
    expect(alive(childPid)).toBe(true);

    parent.kill('SIGKILL');
    try {
      await waitFor(() => !alive(childPid), { what: 'the background process to end after its parent was killed', timeoutMs: 15_000 });
    } finally {
      if (alive(childPid)) process.kill(childPid, 'SIGKILL'); // an orphan would hold this runner's pipes open
    }
  }, 60_000);
});
