import { beforeEach, describe, expect, it } from 'vitest';
import { grantAnalyticsConsent, initConsentMode, track } from './analytics';

const consentCommands = () =>
  (window.dataLayer ?? [])
    .filter(
      (entry) => !Array.isArray(entry) && typeof entry === 'object' && entry !== null && (entry as ArrayLike<unknown>)[0] === 'consent',
    )
    .map((entry) => Array.from(entry as ArrayLike<unknown>));

beforeEach(() => {
  window.dataLayer = [];
});

describe('consent mode in the data layer', () => {
  it('denies analytics storage by default, before any event, and grants it on Accept', () => {
    initConsentMode(false);
    track('page_view', { page_path: '/' });
    expect(consentCommands()).toEqual([
      ['consent', 'default', { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' }],
    ]);
    expect(Object.prototype.toString.call(window.dataLayer![0])).toBe('[object Arguments]'); // the shape tag managers read
    grantAnalyticsConsent();
    expect(consentCommands().at(-1)).toEqual(['consent', 'update', { analytics_storage: 'granted' }]);
  });

  it('starts granted for a visitor who accepted before', () => {
    initConsentMode(true);
    expect(consentCommands()[0][2]).toMatchObject({ analytics_storage: 'granted' });
  });
});
