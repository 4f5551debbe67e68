import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { NATS_CONNECTION, runChecks, type NatsConnection } from '@printloom/service-kit';
import { GATEWAY_CONFIG, publicExposure, type GatewayConfig } from '../config.js';

/**
 * `/api/health/live`: the process answers (a liveness probe must not restart the gateway because NATS
 * blinked). `/api/health/ready` (and `/api/health`): NATS reachable, the one thing no answer can do
 * without. Object storage is not a readiness dependency: a slow or unreachable S3 (or a key that may not
 * read the bucket) would make every gateway unready at once and take down answers that never touch it;
 * it is reported by `printloom_dependency_up{dependency="storage"}` on the health port. In production
 * the public answer is the status alone: which dependency is down, and why, is for the internal health
 * port (HEALTH_PORT, `/health/ready`), not for anyone on the internet.
 */
@Controller()
export class HealthController {
  private readonly details: boolean;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.details = publicExposure(config).healthDetails;
  }

  @Get('/api/health/live')
  live(@Res() res: Response) {
    res.status(200).json({ status: 'ok', service: 'gateway' });
  }

  @Get(['/api/health', '/api/health/ready'])
  async ready(@Res() res: Response) {
    const checks = await runChecks({
      nats: async () => {
        if (this.nc.isClosed()) throw new Error('connection closed');
        await this.nc.flush();
      },
    });
    const healthy = Object.values(checks).every((result) => result === 'up');
    const status = healthy ? 'ok' : 'error';
    res.status(healthy ? 200 : 503).json(this.details ? { status, service: 'gateway', checks } : { status });
  }
}
