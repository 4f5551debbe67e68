import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pixelBombPng, waitFor } from '@printloom/service-kit/testing';
import sharp from 'sharp';
import { type Asset } from '@printloom/contracts';
import { type RunningService } from '@printloom/service-kit';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import type { TestClient } from './support/http.js';
import { loadGenerationConfig } from '../../services/generation/src/config.js';
import { startGenerationService } from '../../services/generation/src/start.js';
import { LocalProvider } from '../../services/generation/src/providers/local-provider.js';
import {
  ProviderError,
  type GeneratedImage,
  type GenerationInput,
  type ImageProvider,
} from '../../services/generation/src/providers/image-provider.js';

type JobBody = { job: { id: string; status: string; error: string | null; prompt: string } };

/** A provider the test controls: it waits at a gate, or fails, then draws with the local engine. */
class ControlledProvider implements ImageProvider {
  readonly name = 'controlled';
  readonly billable = false;
  readonly calls: string[] = [];
  private local = new LocalProvider(0.05);
  private opened: () => void = () => undefined;
  private gate: Promise<void> | null = null;
  failWith: ProviderError | null = null;

  closeGate() {
    this.gate = new Promise((resolve) => (this.opened = resolve));
  }
  openGate() {
    this.opened();
    this.gate = null;
  }
  async generate(input: GenerationInput, deliver: (image: GeneratedImage) => Promise<void>) {
    this.calls.push(input.idea);
    if (this.gate) await this.gate;
    if (this.failWith) throw this.failWith;
    return this.local.generate(input, deliver);
  }
  describe(image: Buffer) {
    return this.local.describe(image);
  }
}

describe('generation through the gateway (real PostgreSQL, NATS JetStream and storage)', () => {
  let system: TestSystem;
  const extraInstances: RunningService[] = [];

  const generationEnv = () => ({ ...system.env, LOCAL_RENDER_SCALE: '0.05', JOB_ACK_WAIT_MS: '1500', GENERATION_CONCURRENCY: '1' });
  async function startGeneration(provider?: ImageProvider) {
    const instance = await startGenerationService(loadGenerationConfig(generationEnv()), { provider });
    extraInstances.push(instance);
    return instance;
  }

  async function credits(client: TestClient) {
    return (await client.get<{ credits: number }>('/api/auth/me')).body.credits;
  }

  async function waitForJob(client: TestClient, jobId: string, statuses = ['succeeded', 'failed'], timeoutMs = 20_000) {
    const seen: string[] = [];
    let body: JobBody | undefined;
    await waitFor(async () => {
      body = (await client.get<JobBody>(`/api/jobs/${jobId}`)).body;
      if (seen[seen.length - 1] !== body.job.status) seen.push(body.job.status);
      return statuses.includes(body.job.status);
    }, timeoutMs);
    return { job: body!.job, seen };
  }

  beforeAll(async () => {
    system = await startTestSystem({ services: ['auth', 'billing', 'assets'] });
  });

  afterAll(async () => {
    for (const instance of extraInstances) await instance.close();
    await system?.close();
  });

  describe('with one local worker', () => {
    let worker: RunningService;
    beforeAll(async () => {
      worker = await startGeneration();
    });
    afterAll(async () => {
      await worker.close();
      extraInstances.splice(extraInstances.indexOf(worker), 1);
    });

    it('runs a job end to end: 4 print files in the library, 1 credit spent', async () => {
      const { client } = await createSignedInUser(system, 'generator@example.com', { trialCredits: true });
      const submitted = await client.post<{ jobId: string }>('/api/generate', {
        prompt: "a cat astronaut, 'Space Meow' in retro letters",
        options: { transparent: true, dark: false },
      });
      expect(submitted.status).toBe(200);
      const { job, seen } = await waitForJob(client, submitted.body.jobId);
      expect(job).toEqual({
        id: submitted.body.jobId,
        status: 'succeeded',
        error: null,
        prompt: "a cat astronaut, 'Space Meow' in retro letters",
        notice: null,
      });
      expect(seen[seen.length - 1]).toBe('succeeded');
      expect(await credits(client)).toBe(9);
      const { assets } = (await client.get<{ assets: Asset[] }>('/api/assets')).body;
      expect(assets.map((asset) => asset.variant).sort()).toEqual(['A', 'B', 'C', 'D']);
      expect(assets.every((asset) => asset.jobId === submitted.body.jobId)).toBe(true);
      const file = await fetch(`${system.baseUrl}/api/download/${assets[0].id}`, { headers: { cookie: client.cookieHeader } });
      const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect([meta.format, meta.hasAlpha, meta.density]).toEqual(['png', true, 300]);
    });

    it('refuses bad prompts with 400 and an empty balance with 402, charging nothing', async () => {
      const { client } = await createSignedInUser(system, 'careful@example.com', { trialCredits: true });
      expect(await client.post('/api/generate', { prompt: '', options: { transparent: true, dark: false } })).toMatchObject({
        status: 400,
        body: { error: 'Prompt is required', code: 'BAD_REQUEST' },
      });
      expect(await client.post('/api/generate', { prompt: '   \n ', options: { transparent: true, dark: false } })).toMatchObject({
        status: 400,
        body: { error: 'Prompt is required' },
      });
      expect(await client.post('/api/generate', { prompt: 'x'.repeat(2001) })).toMatchObject({
        status: 400,
        body: { error: 'Prompt must be at most 2000 characters' },
      });
      expect(await client.post('/api/generate', { prompt: 42 })).toMatchObject({ status: 400 });
      expect(await credits(client)).toBe(10);

      const broke = await createSignedInUser(system, 'broke@example.com');
      expect(await broke.client.post('/api/generate', { prompt: 'a rocket' })).toMatchObject({
        status: 402,
        body: { error: 'Insufficient credits. Purchase more to continue.', code: 'INSUFFICIENT_CREDITS' },
      });
    });

    it("hides another user's job", async () => {
      const owner = await createSignedInUser(system, 'job-owner@example.com', { trialCredits: true });
      const other = await createSignedInUser(system, 'job-peeker@example.com', { trialCredits: true });
      const { body } = await owner.client.post<{ jobId: string }>('/api/generate', { prompt: 'a mountain sunrise' });
      expect(await other.client.get(`/api/jobs/${body.jobId}`)).toMatchObject({
        status: 404,
        body: { error: 'Job not found', code: 'NOT_FOUND' },
      });
      await waitForJob(owner.client, body.jobId);
    });

    it('describes an uploaded image for 1 credit, and refuses wrong types and oversized files', async () => {
      const { client } = await createSignedInUser(system, 'describer@example.com', { trialCredits: true });
      const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 20, g: 60, b: 200 } } })
        .png()
        .toBuffer();
      const send = (bytes: Buffer, name: string, field = 'image') => {
        const form = new FormData();
        form.append(field, new Blob([bytes]), name);
        return fetch(`${system.baseUrl}/api/describe`, {
          method: 'POST',
          body: form,
          headers: { cookie: client.cookieHeader, origin: 'http://localhost:8080' },
        });
      };
      const ok = await send(png, 'design.png');
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as { description: string }).description).toMatch(/wide horizontal print-ready graphic design in blue/);
      expect(await credits(client)).toBe(9);

      const gif = await send(Buffer.from('GIF89a fake gif bytes'), 'sneaky.png');
      expect(gif.status).toBe(415);
      expect(await gif.json()).toEqual({ error: 'Please upload a JPEG, PNG or WebP image.', code: 'UNSUPPORTED_MEDIA_TYPE' });
      const huge = await send(Buffer.concat([png, Buffer.alloc(11 * 1024 * 1024)]), 'huge.png');
      expect(huge.status).toBe(413);
      expect(await huge.json()).toEqual({ error: 'Image must be 10 MB or smaller.', code: 'PAYLOAD_TOO_LARGE' });
      const wrongField = await send(png, 'design.png', 'file');
      expect(wrongField.status).toBe(400);
      expect(await credits(client)).toBe(9);
    });

    it('refuses a pixel bomb (a tiny PNG declaring a gigantic canvas) with 413 before anything decodes it, charging nothing', async () => {
      const { client } = await createSignedInUser(system, 'bomber@example.com', { trialCredits: true });
      const send = (bytes: Buffer) => {
        const form = new FormData();
        form.append('image', new Blob([bytes]), 'bomb.png');
        return fetch(`${system.baseUrl}/api/describe`, {
          method: 'POST',
          body: form,
          headers: { cookie: client.cookieHeader, origin: 'http://localhost:8080' },
        });
      };
      const tooLarge = { error: 'Image is too large: at most 12000 pixels per side and 40 megapixels.', code: 'PAYLOAD_TOO_LARGE' };
      for (const [width, height] of [
        [100_000, 100_000],
        [15_000, 15_000],
        [7_000, 7_000],
      ]) {
        const bomb = pixelBombPng(width, height);
        expect(bomb.length).toBeLessThan(40_000);
        const refused = await send(bomb);
        expect({ size: `${width}x${height}`, status: refused.status, body: await refused.json() }).toEqual({
          size: `${width}x${height}`,
          status: 413,
          body: tooLarge,
        });
      }
      const unreadable = await send(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]));
      expect(unreadable.status).toBe(422);
      expect(await credits(client)).toBe(10);
      expect((await client.get('/api/health')).status).toBe(200);
    });
  });

  it('refunds the credit and shows the error when the provider fails', async () => {
    const provider = new ControlledProvider();
    provider.failWith = new ProviderError("Your prompt was rejected by the image provider's safety system. Please rephrase it.", false);
    const instance = await startGeneration(provider);
    const { client } = await createSignedInUser(system, 'refund@example.com', { trialCredits: true });
    const { body } = await client.post<{ jobId: string }>('/api/generate', { prompt: 'something the provider refuses' });
    const { job } = await waitForJob(client, body.jobId);
    expect(job).toMatchObject({
      status: 'failed',
      error: "Your prompt was rejected by the image provider's safety system. Please rephrase it.",
    });
    // The job is marked failed first (so that one path alone refunds), then the credit is released.
    await waitFor(async () => (await credits(client)) === 10, { what: 'the refund' });
    await instance.close();
    extraInstances.splice(extraInstances.indexOf(instance), 1);
  });

  it('finishes a job once when its worker dies mid-job: another worker takes it over', async () => {
    const stuck = new ControlledProvider();
    stuck.closeGate(); // never opens: this worker "dies" while generating
    const doomed = await startGeneration(stuck);
    const { client } = await createSignedInUser(system, 'survivor@example.com', { trialCredits: true });
    const { body } = await client.post<{ jobId: string }>('/api/generate', { prompt: "'Night Shift' nurse badge" });
    await waitForJob(client, body.jobId, ['generating']);
    // The instance dies: its connections are gone and its message is never acknowledged.
    await doomed.infra.nc.close();
    await doomed.app.close();

    const rescuer = await startGeneration();
    const { job } = await waitForJob(client, body.jobId, ['succeeded', 'failed'], 30_000);
    expect(job.status).toBe('succeeded');
    const { assets } = (await client.get<{ assets: Asset[] }>('/api/assets')).body;
    expect(assets).toHaveLength(4);
    expect(await credits(client)).toBe(9);
    await rescuer.close();
    extraInstances.splice(extraInstances.indexOf(rescuer), 1);
    stuck.failWith = new ProviderError('this worker is gone', false);
    stuck.openGate(); // let the dead worker's call return so the test process can exit
  });

  it('serves higher plans first under a backlog, without starving the trial', async () => {
    const gated = new ControlledProvider();
    gated.closeGate();
    const instance = await startGeneration(gated);
    const trial = await createSignedInUser(system, 'queue-trial@example.com', { trialCredits: true });
    const studio = await createSignedInUser(system, 'queue-studio@example.com', { trialCredits: true });
    const checkout = await studio.client.post<{ url: string }>('/api/stripe/checkout', { planId: 'studio' });
    await studio.client.post(`/api/checkout/local/${checkout.body.url.split('/').pop()}`, { action: 'pay' });

    const blocker = await trial.client.post<{ jobId: string }>('/api/generate', { prompt: 'blocker job' });
    await waitForJob(trial.client, blocker.body.jobId, ['generating']);
    for (let i = 0; i < 3; i += 1) await trial.client.post('/api/generate', { prompt: `trial job ${i}` });
    for (let i = 0; i < 3; i += 1) await studio.client.post('/api/generate', { prompt: `studio job ${i}` });
    gated.openGate();
    await waitFor(async () => gated.calls.length === 7, 30_000);
    const order = gated.calls.slice(1).map((idea) => idea.split(' ')[0]);
    expect(order.slice(0, 2)).toEqual(['studio', 'studio']);
    expect(order.indexOf('trial')).toBeLessThan(order.lastIndexOf('studio')); // one trial job is not starved
    await instance.close();
    extraInstances.splice(extraInstances.indexOf(instance), 1);
  });
});
