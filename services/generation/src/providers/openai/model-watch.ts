import { Gauge, type Registry } from 'prom-client';
import type { Logger } from '@printloom/service-kit';
import type { OpenAiClient } from './openai-client.js';

/** A model whose shutdown is this close is reported every check. */
export const SHUTDOWN_WARNING_DAYS = 30;

export interface ListedModel {
  id: string;
  /** `YYYY-MM-DD`, or null/absent when no shutdown is announced. */
  shutdown_date?: string | null;
}

export interface ModelStatus {
  role: 'image' | 'vision';
  model: string;
  listed: boolean;
  shutdownDate: string | null;
  /** Whole days from today (UTC) to the shutdown date; null without one. */
  daysLeft: number | null;
  level: 'ok' | 'warn' | 'error';
  message: string;
}

/** What the operator must know about the configured models, from the `GET /v1/models` list. */
export function assessModels(listed: ListedModel[], configured: { image: string; vision: string }, now: Date): ModelStatus[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return (['image', 'vision'] as const).map((role) => {
    const model = configured[role];
    const entry = listed.find((candidate) => candidate.id === model);
    const envName = role === 'image' ? 'OPENAI_IMAGE_MODEL' : 'OPENAI_VISION_MODEL';
    if (!entry) {
      return {
        role,
        model,
        listed: false,
        shutdownDate: null,
        daysLeft: null,
        level: 'error',
        message: `The ${role} model ${model} is not offered by the API: jobs using it fail. Set ${envName} to a current model.`,
      };
    }
    const shutdownDate = entry.shutdown_date ?? null;
    const daysLeft = shutdownDate ? Math.round((Date.parse(`${shutdownDate}T00:00:00Z`) - today) / 86_400_000) : null;
    if (daysLeft !== null && daysLeft <= SHUTDOWN_WARNING_DAYS) {
      return {
        role,
        model,
        listed: true,
        shutdownDate,
        daysLeft,
        level: 'warn',
        message: `The ${role} model ${model} shuts down on ${shutdownDate} (in ${daysLeft} days). Set ${envName} to its replacement before then.`,
      };
    }
    return { role, model, listed: true, shutdownDate, daysLeft, level: 'ok', message: `The ${role} model ${model} is available.` };
  });
}

/**
 * Reads the model list at start and then periodically, so a model name never rots silently: a model
 * near its shutdown is a warning, a model that is gone an error, both in the log and as metrics.
 */
export class ModelWatch {
  private readonly daysLeft: Gauge<'role' | 'model'>;
  private readonly available: Gauge<'role' | 'model'>;

  constructor(
    private readonly client: OpenAiClient,
    private readonly configured: { image: string; vision: string },
    private readonly logger: Logger,
    registry: Registry,
  ) {
    this.daysLeft = new Gauge({
      name: 'printloom_openai_model_days_until_shutdown',
      help: 'Days until the configured OpenAI model shuts down (only models with an announced date)',
      labelNames: ['role', 'model'],
      registers: [registry],
    });
    this.available = new Gauge({
      name: 'printloom_openai_model_available',
      help: '1 when the configured OpenAI model is offered by GET /v1/models, 0 when it is gone',
      labelNames: ['role', 'model'],
      registers: [registry],
    });
  }

  async check(now = new Date()): Promise<ModelStatus[]> {
    let listed: ListedModel[];
    try {
      listed = (await this.client.get<{ data?: ListedModel[] }>('models')).data ?? [];
    } catch (error) {
      this.logger.warn({ err: error }, 'Could not read the OpenAI model list; the next check will try again');
      return [];
    }
    const statuses = assessModels(listed, this.configured, now);
    for (const status of statuses) {
      const labels = { role: status.role, model: status.model };
      this.available.set(labels, status.listed ? 1 : 0);
      if (status.daysLeft !== null) this.daysLeft.set(labels, status.daysLeft);
      else this.daysLeft.remove(labels);
      const fields = { model: status.model, role: status.role, shutdownDate: status.shutdownDate, daysLeft: status.daysLeft };
      if (status.level === 'error') this.logger.error(fields, status.message);
      else if (status.level === 'warn') this.logger.warn(fields, status.message);
      else this.logger.info(fields, status.message);
    }
    return statuses;
  }
}
