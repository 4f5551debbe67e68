import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import type { Asset } from '@printloom/contracts/assets.schemas';
import { PUBLISHING_MESSAGES, type Publication } from '@printloom/contracts/publishing.schemas';
import { createQueryClient } from '../../lib/query-client';
import { CreateDraftsDialog } from './CreateDraftsDialog';

const id = (n: number) => `00000000-0000-4000-8000-0000000000b${n}`;
const assetId = (n: number) => `00000000-0000-4000-8000-0000000000a${n}`;
const TRADEMARK = 'High trademark risk: "Okayest" is a registered mark.';
const RULE = 'The title is longer than 140 characters.';
const loaded = { id: assetId(2), job: { prompt: 'World’s Okayest Nurse' } } as unknown as Asset;

const publication = (n: number, status: Publication['status'], review?: string[]): Publication => ({
  id: id(n),
  assetId: assetId(n),
  templateId: 'tee',
  target: 'printify',
  status,
  externalId: null,
  productUrl: null,
  mockups: [],
  review,
  createdAt: '2026-11-25T00:00:00.000Z',
  updatedAt: '2026-11-25T00:00:00.000Z',
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A collection of four designs: one draft created, three held for review. The server confirms a held
 * draft (it is queued again), one request at a time is checked, and `refused` drafts answer 409.
 */
function serve(refused: number[] = []) {
  const statuses = new Map<string, Publication>([
    [id(1), publication(1, 'draft_created')],
    [id(2), publication(2, 'needs_review', [TRADEMARK])],
    [id(3), publication(3, 'needs_review', [RULE])],
    [id(4), publication(4, 'needs_review', [TRADEMARK, RULE])],
  ]);
  const confirmed: string[] = [];
  let inFlight = 0;
  let mostAtOnce = 0;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
    const path = String(url);
    if (path === '/api/product-templates')
      return json({
        templates: [
          {
            id: 'tee',
            name: 'Unisex tee',
            product: 'Tee',
            builtIn: true,
            blueprintId: 12,
            printProviderIds: [29],
            unavailable: [],
            variants: [{ options: { color: 'White', size: 'M' }, price: 2499 }],
            darkColours: [],
            placement: { position: 'front', x: 0.5, y: 0.5, fit: 'contain' },
          },
        ],
      });
    if (path === '/api/connections/printify')
      return json({ connected: false, shops: [], shopId: null, tokenHint: null, localShop: true, allowed: true });
    if (path === '/api/publications' && init?.method === 'POST')
      return json({ publications: [1, 2, 3, 4].map((n) => publication(n, 'queued')) }, 202);
    const confirm = /^\/api\/publications\/([^/]+)\/confirm$/.exec(path);
    if (confirm && init?.method === 'POST') {
      inFlight += 1;
      mostAtOnce = Math.max(mostAtOnce, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 50));
      inFlight -= 1;
      const held = statuses.get(confirm[1])!;
      if (refused.some((n) => id(n) === held.id)) return json({ error: PUBLISHING_MESSAGES.notForReview, code: 'CONFLICT' }, 409);
      confirmed.push(held.id);
      const queued = { ...held, status: 'queued' as const, review: undefined };
      statuses.set(held.id, queued);
      return json({ publication: queued });
    }
    if (path.startsWith('/api/publications')) return json({ publications: [...statuses.values()] });
    return json({}, 404);
  });
  return { confirmed, mostAtOnce: () => mostAtOnce };
}

async function openCollectionDrafts() {
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <CreateDraftsDialog
          assets={[loaded]}
          collection={{ batchId: '00000000-0000-4000-8000-00000000000c', designs: 4 }}
          onClose={() => undefined}
        />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  await userEvent.click(await screen.findByRole('button', { name: 'Create 4 drafts' }));
  expect(await screen.findByText('1 of 4 drafts created · 3 need your review')).toBeInTheDocument();
  const disclosure = screen.getByText('3 drafts need your review');
  expect(disclosure.tagName).toBe('SUMMARY');
  await userEvent.click(disclosure);
  return screen.getByRole('list', { name: 'Drafts that need your review' });
}

/** The list's own rows (each holds a list of its review reasons). */
const rowsOf = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === list);

afterEach(() => vi.restoreAllMocks());

describe('the drafts of a collection that need review', () => {
  it('lists each held draft with its design and reasons, and confirms one: it is queued again and leaves the list', async () => {
    const server = serve();
    const list = await openCollectionDrafts();
    const rows = rowsOf(list);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('World’s Okayest Nurse');
    expect(rows[0]).toHaveTextContent(TRADEMARK);
    expect(rows[1]).toHaveTextContent('Design 3 of 4');
    expect(rows[1]).toHaveTextContent(RULE);
    expect(rows[2]).toHaveTextContent(TRADEMARK);
    expect(rows[2]).toHaveTextContent(RULE);
    expect(rows[1].querySelector('img')?.getAttribute('src')).toContain(assetId(3));

    await userEvent.click(within(list).getByRole('button', { name: 'Create it anyway: Design 3 of 4 · Unisex tee' }));
    await waitFor(() => expect(rowsOf(list)).toHaveLength(2));
    expect(server.confirmed).toEqual([id(3)]);
    expect(screen.getByText('1 of 4 drafts created · 2 need your review')).toBeInTheDocument();
    expect(screen.getByText('2 drafts need your review')).toBeInTheDocument();
  });

  it('confirms all of them one after another, saying how far it is, and keeps the reason of a draft the server refused', async () => {
    const server = serve([4]);
    await openCollectionDrafts();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm all 3' }));
    expect(await screen.findByText(/^Confirming [123] of 3 drafts…$/)).toBeInTheDocument();
    expect(await screen.findByText('Confirmed 2 of 3 drafts; 1 could not be confirmed (the reason is under each).')).toBeInTheDocument();
    expect(server.confirmed).toEqual([id(2), id(3)]);
    expect(server.mostAtOnce()).toBe(1);

    const list = screen.getByRole('list', { name: 'Drafts that need your review' });
    await waitFor(() => expect(rowsOf(list)).toHaveLength(1));
    expect(within(list).getByRole('alert')).toHaveTextContent(PUBLISHING_MESSAGES.notForReview);
    expect(within(list).getByRole('button', { name: 'Create it anyway: Design 4 of 4 · Unisex tee' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Confirm all 1' })).toBeEnabled();
  });

  it("shows the server's message when one confirm is refused, and leaves the draft to try again", async () => {
    serve([2]);
    const list = await openCollectionDrafts();
    await userEvent.click(within(list).getByRole('button', { name: 'Create it anyway: World’s Okayest Nurse · Unisex tee' }));
    expect(await within(list).findByRole('alert')).toHaveTextContent(PUBLISHING_MESSAGES.notForReview);
    expect(rowsOf(list)).toHaveLength(3);
  });
});
