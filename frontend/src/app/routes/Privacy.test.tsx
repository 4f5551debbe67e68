import { describe, expect, it } from 'vitest';
import { renderPage } from './test-utils';
import Privacy from './Privacy';

describe('privacy policy', () => {
  it('states the retention periods in the privacy policy', () => {
    renderPage(<Privacy />, null);
    const text = document.body.textContent ?? '';
    expect(text).toContain('retained 90 days after you delete your account');
    expect(text).toContain('Transaction records: 7 years');
    expect(text).toContain('Usage logs: 90 days');
    expect(text).toContain('30 days; starred images: 1 year');
  });

  it('says that a keyed hash of a trial address outlives the account, and why', () => {
    renderPage(<Privacy />, null);
    const item = [...document.querySelectorAll('li')].find((li) => li.textContent?.startsWith('Free trial'));
    expect(item?.textContent).toContain('keyed one-way hash of its email address');
    expect(item?.textContent).toContain('keep this hash after you delete your account');
    expect(item?.textContent).toContain('never the address itself');
  });
});
