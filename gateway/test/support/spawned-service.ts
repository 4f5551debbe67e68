import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServiceName } from '@printloom/contracts';
import type { TestSystem } from './test-system.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface SpawnedService {
  pid: number;
  /** SIGSTOP: the process holds its NATS subscriptions but answers nothing (a stalled dependency). */
  pause(): void;
  /** SIGCONT. */
  resume(): void;
  /** Sends a signal as the platform would (SIGTERM: a deploy or scale-down; SIGKILL: a crashed node). */
  signal(signal: NodeJS.Signals): void;
  /** Resolves when the process has exited: its exit code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything it wrote to stdout and stderr so far (pino's JSON lines). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * One of the system's services as its own process, from its build (`services/<name>/dist/main.js`,
 * what `npm run build` makes), on the system's NATS and database: for what an in-process service cannot
 * show, e.g. a service paused with SIGSTOP. Resolves once the service logs that it is ready.
 */
export async function spawnService(system: TestSystem, name: ServiceName, env: Record<string, string> = {}): Promise<SpawnedService> {
  const child = spawn(process.execPath, [path.join(root, 'services', name, 'dist', 'main.js')], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...system.serviceEnv(name), LOG_LEVEL: 'info', HEALTH_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 30 s:\n${output.slice(-2000)}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`${name} service ready`)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code} before it was ready:\n${output.slice(-2000)}`));
    });
  });
  child.stdout!.resume();
  return {
    pid: child.pid!,
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
    signal: (signal) => child.kill(signal),
    exited,
    output: () => output,
    stop: () => stopChild(child),
  };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGCONT');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
