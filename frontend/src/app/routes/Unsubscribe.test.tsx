import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { UNSUBSCRIBE_PAGE } from '@printloom/contracts/endpoints';
import Unsubscribe from './Unsubscribe';

afterEach(() => vi.restoreAllMocks());

const TOKEN = '3f1c2a4e-8b7d-4c2e-9f10-5a6b7c8d9e0f';

const openLink = (search: string) =>
  render(
    <MemoryRouter initialEntries={[`${UNSUBSCRIBE_PAGE}${search}`]}>
      <Routes>
        <Route path={UNSUBSCRIBE_PAGE} element={<Unsubscribe />} />
      </Routes>
    </MemoryRouter>,
  );

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

describe('the unsubscribe confirmation page', () => {
  it('says what stops and sends nothing until the button is pressed, then posts the token', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer(200, { message: 'You will no longer get expiry reminders.' }));
    openLink(`?token=${TOKEN}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Stop expiry reminders?' })).toBeTruthy();
    expect(screen.getByText(/weekly email listing your unstarred designs that expire within 7 days/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Stop Reminders' }));
    expect((await screen.findByRole('status')).textContent).toContain('You will no longer get expiry reminders.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect({ url, method: init?.method, body: JSON.parse(String(init?.body)) }).toEqual({
      url: '/api/reminders/unsubscribe',
      method: 'POST',
      body: { token: TOKEN },
    });
    expect(screen.queryByRole('button', { name: 'Stop Reminders' })).toBeNull();
  });

  it("shows the server's message when the link is not valid, and lets the seller try again", async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(answer(404, { error: 'This unsubscribe link is not valid.', code: 'NOT_FOUND' }));
    openLink(`?token=${TOKEN}`);
    await userEvent.click(screen.getByRole('button', { name: 'Stop Reminders' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This unsubscribe link is not valid.');
    expect(screen.queryByRole('status')).toBeNull();
    expect((screen.getByRole('button', { name: 'Stop Reminders' }) as HTMLButtonElement).disabled).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('offers no button for a link without a token', () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    openLink('');
    expect(screen.getByRole('alert').textContent).toBe('This unsubscribe link is not valid.');
    expect(screen.queryByRole('button', { name: 'Stop Reminders' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
