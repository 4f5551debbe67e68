import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { NATS_CONNECTION, runChecks, type NatsConnection } from '@printloom/service-kit';

@Controller()
export class HealthController {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  @Get('/api/health')
  async health(@Res() res: Response) {
    const checks = await runChecks({
      nats: async () => {
        if (this.nc.isClosed()) throw new Error('connection closed');
        await this.nc.flush();
      },
    });
    const healthy = Object.values(checks).every((result) => result === 'up');
    res.status(healthy ? 200 : 503).json({ status: healthy ? 'ok' : 'error', service: 'gateway', checks });
  }
}
