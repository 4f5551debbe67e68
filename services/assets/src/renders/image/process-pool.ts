import { fork, type ChildProcess } from 'node:child_process';
import type { ImageTask, ImageTaskResult } from './image-worker.js';

/** What a lane of the image pool runs its tasks on: Piscina's threads, or a process of them (below). */
export interface TaskRunner {
  run(task: ImageTask, options: { signal: AbortSignal }): Promise<ImageTaskResult>;
  destroy(): Promise<void>;
}

export interface ProcessPoolOptions {
  /** The built child entry (image-process.js) and the worker file its threads run. */
  entry: string;
  workerFile: string;
  threads: number;
  niceness: number;
  idleTimeoutMs: number;
}

/** Parent → child: a task, or the abort of one. */
export type ToImageProcess = { id: number; task: ImageTask } | { abort: number };
/** Child → parent: a task's answer, or the error it threw (classes do not cross the channel: name and message). */
export type FromImageProcess = { id: number; result: ImageTaskResult } | { id: number; error: { name: string; message: string } };

interface Waiting {
  resolve(result: ImageTaskResult): void;
  reject(error: Error): void;
}

/** How long a stopping child may take to end its threads before it is killed. */
const STOP_GRACE_MS = 5_000;

/**
 * Worker threads in a process of their own, every thread of it at `niceness`: sharp's threads (libuv's
 * pool, libvips') belong to a process, not to the worker thread that asked, so only a process of its
 * own puts the background lane's decoding and encoding below a drawing and a request. Tasks and answers
 * cross the IPC channel by structured clone (a print-size PNG: a few MB). The process starts with the
 * first task and stays, unreferenced while idle (it never keeps the service alive); one that dies fails
 * the tasks it held, and the next task starts another.
 */
export class ProcessPool implements TaskRunner {
  private child: ChildProcess | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 0;

  constructor(private readonly options: ProcessPoolOptions) {}

  /** The child's process id while it runs (tests read its threads' priorities). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  run(task: ImageTask, { signal }: { signal: AbortSignal }): Promise<ImageTaskResult> {
    signal.throwIfAborted();
    const child = this.started();
    const id = ++this.nextId;
    return new Promise<ImageTaskResult>((resolve, reject) => {
      const onAbort = () => {
        if (!this.settle(id)) return;
        if (child.connected) child.send({ abort: id } satisfies ToImageProcess);
        reject(signal.reason as Error);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      const done = () => signal.removeEventListener('abort', onAbort);
      this.waiting.set(id, {
        resolve: (result) => (done(), resolve(result)),
        reject: (error) => (done(), reject(error)),
      });
      this.holdOpen(child);
      child.send({ id, task } satisfies ToImageProcess, (error) => {
        if (error) this.settle(id)?.reject(error);
      });
    });
  }

  async destroy(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(killer);
  }

  private started(): ChildProcess {
    if (this.child) return this.child;
    const { entry, workerFile, threads, niceness, idleTimeoutMs } = this.options;
    const child = fork(entry, [], {
      // Not the parent's flags (a test runner's, a profiler's): a plain Node process.
      execArgv: [],
      serialization: 'advanced',
      env: { ...process.env, IMAGE_PROCESS_OPTIONS: JSON.stringify({ workerFile, threads, niceness, idleTimeoutMs }) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', (message: FromImageProcess) => {
      const waiting = this.settle(message.id);
      if (!waiting) return; // aborted meanwhile
      if ('result' in message) waiting.resolve(message.result);
      else waiting.reject(Object.assign(new Error(message.error.message), { name: message.error.name }));
    });
    child.on('exit', (code, signal) => {
      if (this.child === child) this.child = null;
      const error = new Error(`The background image process stopped (${signal ?? `exit code ${code}`})`);
      for (const id of [...this.waiting.keys()]) this.settle(id)?.reject(error);
    });
    child.on('error', () => undefined); // a failed send or kill: 'exit' follows, or the send's callback has it
    this.child = child;
    this.letGo(child);
    return child;
  }

  /** Takes a task's entry out (answers it, or undefined when it was already settled). */
  private settle(id: number): Waiting | undefined {
    const waiting = this.waiting.get(id);
    if (!waiting) return undefined;
    this.waiting.delete(id);
    if (this.waiting.size === 0 && this.child) this.letGo(this.child);
    return waiting;
  }

  /** While tasks are out, the child and its channel keep the service's event loop alive; idle, they do not. */
  private holdOpen(child: ChildProcess) {
    child.ref();
    child.channel?.ref();
  }

  private letGo(child: ChildProcess) {
    child.unref();
    child.channel?.unref();
  }
}
