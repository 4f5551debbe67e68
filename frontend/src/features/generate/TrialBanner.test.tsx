import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { TrialBanner, trialLevel } from './TrialBanner';

describe('trial banner', () => {
  it('tells an account that started without trial credits why', () => {
    const notice = 'Free trial credits go to at most 3 new accounts per network each day, so this account starts with 0 credits.';
    render(
      <MemoryRouter>
        <TrialBanner credits={0} notice={notice} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('note', { name: 'Trial credits' })).toHaveTextContent(notice);
  });

  it('shows no notice for an account that got its credits', () => {
    render(
      <MemoryRouter>
        <TrialBanner credits={10} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('note', { name: 'Trial credits' })).not.toHaveTextContent('new accounts per network');
  });

  it('shows trial credits out of 10, never top-up credits', () => {
    render(
      <MemoryRouter>
        <TrialBanner credits={35} trialCredits={10} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('note', { name: 'Trial credits' })).toHaveTextContent('Free trial: 10 of 10 credits left');
  });

  it('emphasises at 5 or fewer credits and turns urgent at 2 or fewer', () => {
    expect(trialLevel(10)).toBe('normal');
    expect(trialLevel(6)).toBe('normal');
    expect(trialLevel(5)).toBe('warning');
    expect(trialLevel(3)).toBe('warning');
    expect(trialLevel(2)).toBe('critical');
    expect(trialLevel(0)).toBe('critical');
  });
});
