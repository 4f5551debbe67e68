import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderPage } from './test-utils';
import Examples from './Examples';

describe('examples page', () => {
  it('shows six sample prompts with variants A-D and the sign-up links', () => {
    renderPage(<Examples />, null);
    const samples = screen.getAllByRole('article');
    expect(samples).toHaveLength(6);
    for (const sample of samples) expect(within(sample).getAllByRole('img')).toHaveLength(4);
    expect(screen.getAllByRole('link', { name: /Try This Prompt/ })[0]).toHaveAttribute('href', '/auth?mode=signup');
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/auth');
  });
});
