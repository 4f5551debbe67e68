import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { DocumentTitle, pageTitle } from './DocumentTitle';

describe('page titles', () => {
  it('names every screen after the product', () => {
    expect(pageTitle('/generate')).toBe('Printloom — Generate');
    expect(pageTitle('/account')).toBe('Printloom — Account & Billing');
    expect(pageTitle('/checkout/cs_local_1')).toBe('Printloom — Checkout');
    expect(pageTitle('/batches')).toBe('Printloom — Your collections');
    expect(pageTitle('/batches/3f0c8a52-7d8e-4c1b-9a55-2f4e1d0b6c7a')).toBe('Printloom — Collection');
    expect(pageTitle('/no/such/page')).toBe('Printloom — Page Not Found');
  });

  it('sets the document title for the current route', () => {
    render(
      <MemoryRouter initialEntries={['/pricing']}>
        <DocumentTitle />
      </MemoryRouter>,
    );
    expect(document.title).toBe('Printloom — Pricing');
  });
});
