import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { BATCH_MESSAGES } from '@printloom/contracts/messages';
import { createQueryClient } from '../../lib/query-client';
import { CollectionForm } from './CollectionForm';

function renderForm(credits = 5) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <CollectionForm credits={credits} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the Collection tab', () => {
  it('explains a template without its {value} slot in place and cannot start', async () => {
    renderForm();
    const template = screen.getByRole('textbox', { name: 'Template' });
    await userEvent.type(template, 'a proud nurse');
    await userEvent.type(screen.getByRole('textbox', { name: 'Values, one per line' }), 'Nurse');
    expect(template).toHaveAttribute('aria-invalid', 'true');
    expect(template).toHaveAccessibleDescription(BATCH_MESSAGES.templateNeedsSlot);
    expect(screen.getByRole('button', { name: 'Start collection' })).toBeDisabled();
  });

  it('sends the kept values and shows the 402 with the credits the collection needs', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ error: BATCH_MESSAGES.insufficientCredits, code: 'INSUFFICIENT_CREDITS', needed: 3 }), {
          status: 402,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderForm(2);
    await userEvent.type(screen.getByRole('textbox', { name: 'Template' }), '{{value} crew');
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Values, one per line' }),
      'Camping{enter}{enter}camping{enter}Fishing{enter}Hiking',
    );
    const values = screen.getByRole('textbox', { name: 'Values, one per line' });
    expect(values).toHaveAccessibleDescription('3 values → 12 designs, 3 credits (1 duplicate and 1 blank line removed)');
    await userEvent.click(screen.getByRole('button', { name: 'Start collection' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`${BATCH_MESSAGES.insufficientCredits} This collection needs 3 credits.`);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/batches');
    expect(JSON.parse(init.body as string)).toEqual({
      template: '{value} crew',
      values: ['Camping', 'Fishing', 'Hiking'],
      options: { transparent: true, dark: false },
    });
  });

  it('says how many values to remove above 200', async () => {
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'Template' }), '{{value}');
    const values = screen.getByRole('textbox', { name: 'Values, one per line' });
    values.focus();
    await userEvent.paste(Array.from({ length: 205 }, (_, index) => `v${index}`).join('\n'));
    expect(values).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(`${BATCH_MESSAGES.tooManyRows} This list has 205: remove 5.`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start collection' })).toBeDisabled();
  });
});
