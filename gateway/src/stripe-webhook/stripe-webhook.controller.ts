import { Controller, Req } from '@nestjs/common';
import { AppError, BILLING } from '@printloom/contracts';
import { RpcClient } from '@printloom/service-kit';
import { requestIdOf, type GatewayRequest } from '../http/request.js';
import { RouteEndpoint } from '../routes/route-endpoint.decorator.js';

/** Stripe's webhook: the exact bytes and their signature go to billing, which verifies them. */
@Controller()
export class StripeWebhookController {
  constructor(private readonly rpc: RpcClient) {}

  @RouteEndpoint('stripeWebhook')
  async receive(@Req() req: GatewayRequest) {
    const signature = req.header('stripe-signature');
    if (!signature || !req.rawBody) throw new AppError('BAD_REQUEST', 'Missing Stripe signature or body');
    return this.rpc.request(BILLING.webhook, { payload: req.rawBody.toString('utf8'), signature }, { requestId: requestIdOf(req) });
  }
}
