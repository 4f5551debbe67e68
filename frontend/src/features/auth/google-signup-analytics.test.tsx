import { beforeEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { useGoogleSignupAnalytics } from './google-signup-analytics';

let location = '';
function Page({ userId }: { userId?: string }) {
  useGoogleSignupAnalytics(userId);
  const here = useLocation();
  location = `${here.pathname}${here.search}`;
  return null;
}
const events = () => (window.dataLayer ?? []).map((entry) => entry as { event?: string; user_id?: string; credits?: number });

beforeEach(() => {
  window.dataLayer = [];
});

describe('Google sign-up analytics', () => {
  it('sends signup, email_verified and trial_credits_granted once, then drops the marker', () => {
    const userId = '00000000-0000-4000-8000-000000000009';
    const { rerender } = render(
      <MemoryRouter initialEntries={['/generate?google_signup=1']}>
        <Routes>
          <Route path="/generate" element={<Page userId={userId} />} />
        </Routes>
      </MemoryRouter>,
    );
    rerender(
      <MemoryRouter initialEntries={['/generate?google_signup=1']}>
        <Routes>
          <Route path="/generate" element={<Page userId={userId} />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(events()).toEqual([
      { event: 'signup', user_id: userId },
      { event: 'email_verified', user_id: userId },
      { event: 'trial_credits_granted', user_id: userId, credits: 10 },
    ]);
    expect(location).toBe('/generate');
  });

  it('sends nothing on an ordinary sign-in', () => {
    render(
      <MemoryRouter initialEntries={['/generate']}>
        <Routes>
          <Route path="/generate" element={<Page userId="00000000-0000-4000-8000-000000000009" />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(events()).toEqual([]);
  });
});
