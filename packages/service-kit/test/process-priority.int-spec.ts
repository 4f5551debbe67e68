import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { NICENESS } from '../src/process-priority.js';

// A child process of its own: renicing this one would slow every test after it. It runs the built module.
const built = fileURLToPath(new URL('../dist/process-priority.js', import.meta.url));

/** The nice value of every thread of a child that starts a worker thread, runs `script`, then starts another. */
function threadNicesAfter(script: string): { changed: number; nices: Record<string, number>; main: number } {
  const program = `
    import { readdirSync, readFileSync } from 'node:fs';
    import { getPriority, setPriority } from 'node:os';
    import { Worker } from 'node:worker_threads';
    import { reniceProcess } from ${JSON.stringify(built)};
    const idle = () => new Worker('setInterval(() => {}, 1000)', { eval: true });
    const early = idle();
    await new Promise((resolve) => early.once('online', resolve));
    const changed = (() => { ${script} })();
    const late = idle();
    await new Promise((resolve) => late.once('online', resolve));
    const nices = {};
    for (const task of readdirSync('/proc/self/task')) nices[task] = Number(readFileSync('/proc/self/task/' + task + '/stat', 'utf8').split(') ')[1].split(' ')[16]);
    console.log(JSON.stringify({ changed, nices, main: getPriority(0) }));
    process.exit(0);
  `;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', program], { encoding: 'utf8' }));
}

const linuxOnly = process.platform === 'linux' ? describe : describe.skip;

linuxOnly('reniceProcess (every thread of a service at its nice value)', () => {
  it('sets every running thread, and threads started after it inherit the value', () => {
    if (!existsSync(built)) throw new Error(`build service-kit first: ${built} is missing`);
    const { changed, nices, main } = threadNicesAfter(`return reniceProcess(${NICENESS.generation});`);
    expect(Object.keys(nices).length).toBeGreaterThan(3); // V8's and the workers' threads, not only the main one
    expect(changed).toBeGreaterThan(1);
    expect(main).toBe(NICENESS.generation);
    expect(new Set(Object.values(nices))).toEqual(new Set([NICENESS.generation]));
  });

  it('leaves a thread already nicer than asked as it is (raising priority needs privileges)', () => {
    const { nices, main } = threadNicesAfter(`setPriority(0, 12); return reniceProcess(${NICENESS.generation});`);
    expect(main).toBe(12);
    expect(Object.values(nices)).toContain(NICENESS.generation);
    expect(Object.values(nices)).toContain(12);
    expect(Object.values(nices).every((nice) => nice === 12 || nice === NICENESS.generation)).toBe(true);
  });

  it('orders the work of one host: requests before drawings before work no seller waits on', () => {
    expect(NICENESS.requests).toBeLessThan(NICENESS.generation);
    expect(NICENESS.generation).toBeLessThan(NICENESS.background);
  });
});
