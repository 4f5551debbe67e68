import { describe, expect, it } from '@jest/globals';
import { BILLING } from '@printloom/contracts';
import { createLogger } from '@printloom/service-kit';
import { InMemoryBilling } from '@printloom/service-kit/in-memory-billing';
import type { ObjectStorage } from '@printloom/storage';
import { GenerationService } from './generation.service.js';
import type { JobQueue } from './jobs/job-queue.js';
import type { ImageProvider } from './providers/image-provider.js';
import type { JobRepository } from './repositories/job.repository.js';

const userId = '11111111-1111-4111-8111-111111111111';

function setup(publish: () => Promise<void> = async () => undefined) {
  const billing = new InMemoryBilling().grant(userId, 3).answer(BILLING.entitlements, () => ({ priorityTier: 1 }));
  const created: Array<{ id: string; reservationId: string; priorityTier: number }> = [];
  const jobs = { create: async (job: (typeof created)[number]) => void created.push(job) } as unknown as JobRepository;
  const queue = { publish } as unknown as JobQueue;
  const service = new GenerationService(
    jobs,
    billing.rpc,
    queue,
    {} as ImageProvider,
    {} as ObjectStorage,
    createLogger('generation-test', 'silent'),
  );
  const create = () => service.createJob({ userId, prompt: 'a fox', options: { transparent: true, dark: false } });
  return { billing, created, create };
}

describe('GenerationService.createJob', () => {
  it('reserves the credit under the job id and hands the reservation to the job, held for the worker to settle', async () => {
    const { billing, created, create } = setup();
    const { jobId } = await create();
    expect(billing.requests(BILLING.reserve)).toEqual([{ userId, amount: 1, reason: 'generation', ref: `generation:${jobId}` }]);
    expect(created).toEqual([expect.objectContaining({ id: jobId, priorityTier: 1 })]);
    expect(billing.reservations.get(created[0].reservationId)?.status).toBe('held');
    expect(billing.balance(userId)).toBe(2);
  });

  it('gives the credit back and answers the queue’s error when the job cannot be queued', async () => {
    const down = new Error('JetStream unavailable');
    const { billing, create } = setup(async () => Promise.reject(down));
    await expect(create()).rejects.toBe(down);
    expect(billing.requests(BILLING.release)).toHaveLength(1);
    expect(billing.balance(userId)).toBe(3);
  });
});
