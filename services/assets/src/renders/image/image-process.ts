// The image pool's background lane as a process of its own (process-pool.ts): every thread of it,
// sharp's included, at the lane's nice value, running the lane's tasks on worker threads.
import { Piscina } from 'piscina';
import { reniceProcess } from '@printloom/service-kit/process-priority';
import type { ProcessPoolOptions, FromImageProcess, ToImageProcess } from './process-pool.js';
import type { ImageTaskResult } from './image-worker.js';

const { workerFile, threads, niceness, idleTimeoutMs } = JSON.parse(process.env.IMAGE_PROCESS_OPTIONS ?? '{}') as Omit<
  ProcessPoolOptions,
  'entry'
>;
if (!workerFile) throw new Error('IMAGE_PROCESS_OPTIONS is not set: this process is started by the image pool');

// Before any thread of the pool exists: the threads started later inherit it.
reniceProcess(niceness);

const pool = new Piscina({ filename: workerFile, minThreads: 0, maxThreads: threads, idleTimeout: idleTimeoutMs });
const running = new Map<number, AbortController>();
const answer = (message: FromImageProcess) => {
  if (process.connected) process.send!(message);
};

process.on('message', (message: ToImageProcess) => {
  if ('abort' in message) {
    running.get(message.abort)?.abort();
    return;
  }
  const { id, task } = message;
  const controller = new AbortController();
  running.set(id, controller);
  pool
    .run(task, { signal: controller.signal })
    .then(
      (result: ImageTaskResult) => answer({ id, result }),
      (error: Error) => answer({ id, error: { name: error.name, message: error.message } }),
    )
    .finally(() => running.delete(id));
});

const stop = () => {
  void pool.destroy().finally(() => process.exit(0));
};
// The service stopped (SIGTERM from the pool's destroy) or died (the channel closed).
process.once('SIGTERM', stop);
process.once('disconnect', stop);
