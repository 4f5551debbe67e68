import { AppError, BILLING, PUBLISHING_MESSAGES } from '@printloom/contracts';
import type { RpcClient } from '@printloom/service-kit';

/** The `reason` of the 403 that asks a seller for a plan with the commercial licence (Pro, Studio). */
export const PLAN_REQUIRED = 'PLAN_REQUIRED';

/**
 * Publishing on a marketplace needs the commercial licence of the seller's plan as it is now: asked of
 * billing at every step that puts a design on sale (a draft made, a publish requested, a publish
 * sent), so a plan that lapsed in between stops there. 403 FORBIDDEN with reason PLAN_REQUIRED.
 */
export async function requirePublishingPlan(rpc: Pick<RpcClient, 'request'>, userId: string): Promise<void> {
  const entitlements = await rpc.request(BILLING.entitlements, { userId });
  if (!entitlements.commercialLicense) throw new AppError('FORBIDDEN', PUBLISHING_MESSAGES.planRequired, { reason: PLAN_REQUIRED });
}

export const isPlanRequired = (error: unknown): error is AppError => error instanceof AppError && error.details?.reason === PLAN_REQUIRED;
