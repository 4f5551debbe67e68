// What a seller reads about credits: the refund after a paid operation failed, the plan an ability
// needs. One wording each, used by the services that refund or refuse and by the SPA that shows them.
import { cheapestPlanWithUpscale, type UpscaleFactor } from './plans.js';

/** The one sentence that tells a seller a paid operation that failed gave its credit back. */
export const CREDIT_REFUNDED = 'Your credit was refunded.';

/** What happened, the refund, what to do: every refunded failure reads this way. */
export function refundedMessage(whatHappened: string, retry: 'now' | 'later' = 'now'): string {
  return `${whatHappened} ${CREDIT_REFUNDED} Please try again${retry === 'later' ? ' later' : ''}.`;
}

/** The refunded failures the services report and the SPA falls back on. */
export const REFUND_MESSAGES = {
  /** A job failed for a reason of ours (not one the image provider reported). */
  generationFailed: refundedMessage('Generation failed.'),
  /** A job's worker went silent past the job timeout. */
  generationTimedOut: refundedMessage('Generation timed out.'),
  /** The image provider cannot serve anyone for now (its account is out of credit, the model is gone). */
  imageServiceUnavailable: refundedMessage('Image generation is temporarily unavailable.', 'later'),
  /** The image provider did not answer within its time budget. */
  imageServiceTooSlow: refundedMessage('The image provider took too long to answer.'),
  /** The SPA's words for a failed job that came without a reason. */
  somethingWentWrong: refundedMessage('Something went wrong.'),
} as const;

/** Why an upscale is refused on the seller's plan, naming the cheapest plan that offers it. */
export function upscaleNeedsPlanMessage(factor: UpscaleFactor): string {
  return `Upscaling ${factor}× needs the ${cheapestPlanWithUpscale(factor).name} plan or higher.`;
}

/** Shown to an account whose person (the same inbox, however written) already had the free trial. */
export const TRIAL_ALREADY_USED_MESSAGE =
  'This email address has already had its free trial credits, so this account starts with 0 credits. Choose a plan or a top-up pack to start creating.';
