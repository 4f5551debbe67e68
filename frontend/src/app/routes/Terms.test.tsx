import { describe, expect, it } from 'vitest';
import { renderPage, user } from './test-utils';
import Terms from './Terms';

describe('terms of service', () => {
  it('says in the terms when trial credits expire, only where they do', () => {
    const { unmount } = renderPage(<Terms />, {
      user,
      credits: 10,
      trialCredits: 10,
      trialCreditsExpireAt: '2026-12-01T12:00:00.000Z',
      subscription: null,
    });
    expect(document.body.textContent).toContain(
      `Trial credits expire: yours on ${new Date('2026-12-01T12:00:00.000Z').toLocaleDateString(undefined, { dateStyle: 'long' })}.`,
    );
    unmount();
    renderPage(<Terms />, { user, credits: 10, trialCredits: 10, trialCreditsExpireAt: null, subscription: null });
    expect(document.body.textContent).not.toContain('Trial credits expire');
  });
});
