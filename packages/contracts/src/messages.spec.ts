import { describe, expect, it } from '@jest/globals';
import { CREDIT_REFUNDED, REFUND_MESSAGES, refundedMessage, upscaleNeedsPlanMessage } from './messages.js';

describe('credit messages', () => {
  it('word every refunded failure the same way: what happened, the refund, what to do', () => {
    expect(refundedMessage('Generation failed.')).toBe('Generation failed. Your credit was refunded. Please try again.');
    expect(refundedMessage('Down.', 'later')).toBe('Down. Your credit was refunded. Please try again later.');
    for (const message of Object.values(REFUND_MESSAGES)) expect(message).toContain(` ${CREDIT_REFUNDED} Please try again`);
  });

  it('name the cheapest plan that offers an upscale factor', () => {
    expect(upscaleNeedsPlanMessage(2)).toBe('Upscaling 2× needs the Starter plan or higher.');
    expect(upscaleNeedsPlanMessage(4)).toBe('Upscaling 4× needs the Creator plan or higher.');
  });
});
