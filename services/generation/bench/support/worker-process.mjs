// A generation worker as its own process, started the way make dev and the image start it.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
/** The allocator settings the Dockerfile and make dev start the service with (they keep a job's peak down). */
export const SERVICE_ALLOCATOR_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '33554432' };
let nextHealthPort = 19_400 + Math.floor(Math.random() * 500);

/** Resolves once the worker reports ready; `env` is the service's environment (NATS, database, storage, provider). */
export async function startWorkerProcess(env) {
  const healthPort = nextHealthPort++;
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      ...SERVICE_ALLOCATOR_ENV,
      ...env,
      HEALTH_PORT: String(healthPort),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let tries = 0; ; tries += 1) {
    const ready = await fetch(`http://127.0.0.1:${healthPort}/health/ready`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return child;
    if (tries > 300 || child.exitCode !== null) throw new Error('generation worker did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** SIGTERM, then waits for the exit (the worker finishes its job first). */
export async function stopWorkerProcess(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
