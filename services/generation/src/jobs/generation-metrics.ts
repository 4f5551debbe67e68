import { Counter, Gauge, type Registry } from 'prom-client';

/** What the operator watches on the image API: failures that need a person, and the daily spend. */
export class GenerationMetrics {
  readonly providerFailures: Counter<'kind'>;
  readonly spendCapReached: Counter;
  readonly imagesToday: Gauge;

  constructor(registry: Registry) {
    this.providerFailures = new Counter({
      name: 'printloom_image_provider_failures_total',
      help: 'Jobs failed by the image provider, by kind (quota = out of credit, model-gone = the model is no longer offered)',
      labelNames: ['kind'],
      registers: [registry],
    });
    this.spendCapReached = new Counter({
      name: 'printloom_image_spend_cap_reached_total',
      help: 'Times a job had to wait because the daily image ceiling (OPENAI_DAILY_IMAGE_LIMIT) was reached',
      registers: [registry],
    });
    this.imagesToday = new Gauge({
      name: 'printloom_image_spend_today_images',
      help: 'Images requested from the paid image API today (UTC)',
      registers: [registry],
    });
  }
}
