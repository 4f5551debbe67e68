import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import type { Asset } from '@printloom/contracts/assets.schemas';
import type { ConnectionState, ProductTemplate, Publication } from '@printloom/contracts/publishing.schemas';
import { createQueryClient } from '../../lib/query-client';
import { CreateDraftsDialog } from './CreateDraftsDialog';
import { DesignPublications } from './DesignPublications';

afterEach(() => vi.restoreAllMocks());

const renderPage = (node: React.ReactNode) =>
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>
    </MemoryRouter>,
  );
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const connection: ConnectionState = {
  connected: false,
  shops: [],
  shopId: null,
  tokenHint: null,
  localShop: true,
  allowed: true,
  checklist: [],
};
const template = (id: string, name: string): ProductTemplate => ({
  id,
  name,
  product: name,
  builtIn: true,
  blueprintId: 12,
  printProviderIds: [29],
  variants: [{ options: { color: 'White', size: 'M' }, price: 2499 }],
  darkColours: [],
  placement: { position: 'front', x: 0.5, y: 0.5, fit: 'contain' },
});
// As the server lists them: each with what the connection's catalogue lacks (nothing here).
const templates = [template('tee', 'Unisex tee'), template('mug', 'Mug')].map((each) => ({ ...each, unavailable: [] }));
const design = (n: number) => ({ id: `00000000-0000-4000-8000-0000000000a${n}`, job: { prompt: `Design ${n}` } }) as unknown as Asset;
const [first, second] = [design(1), design(2)];
const teeDraft: Publication = {
  id: '00000000-0000-4000-8000-0000000000b1',
  assetId: first.id,
  templateId: 'tee',
  target: 'printify',
  status: 'draft_created',
  externalId: 'abc',
  productUrl: 'https://printify.com/app/editor/abc',
  title: 'Trail Ready Mountain Badge Tee',
  mockups: [],
  createdAt: '2026-11-25T00:00:00.000Z',
  updatedAt: '2026-11-25T00:00:00.000Z',
};

/** Publishing's summary of the asked designs: the tee draft of `first`, in the current shop or in one no longer connected. */
function summaryAnswer(path: string, draftInCurrentShop = true) {
  const assetIds = new URL(path, 'http://spa').searchParams.get('assetIds')!.split(',');
  return json({
    designs: assetIds.map((assetId) => ({
      assetId,
      templates: assetId === teeDraft.assetId ? [{ templateId: 'tee', state: 'draft', draftInCurrentShop }] : [],
    })),
  });
}

describe('drafts found again', () => {
  it('the drafts dialog shows per template which chosen designs have a draft, creates only the missing one, and says which were skipped', async () => {
    const posted: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      const path = String(url);
      if (path === '/api/product-templates') return json({ templates });
      if (path === '/api/connections/printify') return json(connection);
      if (path === '/api/publications' && init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return json(
          {
            publications: [teeDraft, { ...teeDraft, id: teeDraft.id.replace('b1', 'b2'), assetId: second.id, status: 'queued' }],
            skipped: [first.id],
          },
          202,
        );
      }
      if (path.startsWith('/api/publications/summary')) return summaryAnswer(path);
      if (path.startsWith('/api/publications')) return json({ publications: [teeDraft] });
      return json({}, 404);
    });
    renderPage(<CreateDraftsDialog assets={[first, second]} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create Printify drafts' });
    const found = await within(dialog).findByRole('region', { name: 'Designs with a draft already' });
    expect(found).toHaveTextContent('1 of 2 designs have a Unisex tee draft already: only the other 1 is made.');
    expect(within(found).getByText('Trail Ready Mountain Badge Tee · Unisex tee')).toBeInTheDocument();
    expect(within(found).getByRole('link', { name: /Open in Printify/ })).toHaveAttribute('href', teeDraft.productUrl);
    expect(within(dialog).getByRole('radio', { name: /Unisex tee/ })).toHaveAccessibleName(
      expect.stringContaining('1 of 2 have a draft already'),
    );
    // The mug has no draft: nothing found, both made.
    await userEvent.click(within(dialog).getByRole('radio', { name: /Mug/ }));
    expect(within(dialog).queryByRole('region', { name: 'Designs with a draft already' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Create 2 drafts' })).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Unisex tee/ }));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create 1 draft' }));
    await within(dialog).findByText('1 design already had this draft: not made again.');
    expect(posted).toEqual([{ assetIds: [first.id, second.id], templateId: 'tee', target: 'printify' }]);
  });

  it('offers nothing to create when every chosen design has the draft', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
      const path = String(url);
      if (path === '/api/product-templates') return json({ templates });
      if (path === '/api/connections/printify') return json(connection);
      if (path.startsWith('/api/publications/summary')) return summaryAnswer(path);
      if (path.startsWith('/api/publications')) return json({ publications: [teeDraft] });
      return json({}, 404);
    });
    renderPage(<CreateDraftsDialog assets={[first]} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create Printify drafts' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Every design has this draft' })).toBeDisabled());
  });

  it("counts a design's draft from the summary when the seller's newest publications no longer hold it (an old design)", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
      const path = String(url);
      if (path === '/api/product-templates') return json({ templates });
      if (path === '/api/connections/printify') return json(connection);
      if (path.startsWith('/api/publications/summary')) return summaryAnswer(path);
      if (path.startsWith('/api/publications')) return json({ publications: [] });
      return json({}, 404);
    });
    renderPage(<CreateDraftsDialog assets={[first, second]} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create Printify drafts' });
    const drafted = await within(dialog).findByRole('region', { name: 'Designs with a draft already' });
    expect(drafted).toHaveTextContent('1 of 2 designs have a Unisex tee draft already: only the other 1 is made.');
    expect(within(dialog).getByRole('button', { name: 'Create 1 draft' })).toBeEnabled();
  });

  it('a draft in a shop no longer connected does not count: the dialog offers a new one, as publishing makes it', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
      const path = String(url);
      if (path === '/api/product-templates') return json({ templates });
      if (path === '/api/connections/printify') return json(connection);
      if (path.startsWith('/api/publications/summary')) return summaryAnswer(path, false);
      // The full list still holds the old shop's draft: the dialog must not count it.
      if (path.startsWith('/api/publications')) return json({ publications: [teeDraft] });
      return json({}, 404);
    });
    renderPage(<CreateDraftsDialog assets={[first]} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create Printify drafts' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Create 1 draft' })).toBeEnabled());
    expect(within(dialog).queryByRole('region', { name: 'Designs with a draft already' })).toBeNull();
    expect(within(dialog).getByRole('radio', { name: /Unisex tee/ })).not.toHaveAccessibleName(expect.stringContaining('draft already'));
  });

  it("the lightbox's list names each publication's template and status, with its link and room for a row's own controls", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
      const path = String(url);
      if (path === '/api/product-templates') return json({ templates });
      // The design's own list is asked for it alone: an old design is missing from the seller's newest publications.
      if (path === `/api/publications?assetId=${first.id}`)
        return json({
          publications: [teeDraft, { ...teeDraft, id: teeDraft.id.replace('b1', 'b3'), templateId: 'mug', status: 'published' }],
        });
      if (path.startsWith('/api/publications'))
        return json({ publications: [{ ...teeDraft, id: teeDraft.id.replace('b1', 'b4'), assetId: second.id }] });
      return json({}, 404);
    });
    renderPage(
      <DesignPublications assetId={first.id} actions={(publication) => <button type="button">Publish {publication.templateId}</button>} />,
    );
    const list = await screen.findByRole('region', { name: 'Printify drafts of this design' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('data-status'))).toEqual(['draft_created', 'published']);
    await waitFor(() => expect(rows[0]).toHaveTextContent('Unisex teeDraft created'));
    expect(rows[1]).toHaveTextContent('MugPublished');
    expect(within(rows[0]).getByRole('link', { name: 'Open in Printify (Unisex tee, opens in a new tab)' })).toHaveAttribute(
      'href',
      teeDraft.productUrl,
    );
    expect(within(rows[1]).getByRole('button', { name: 'Publish mug' })).toBeInTheDocument();
  });

  it("the lightbox's list publishes a draft there and links a published design to its listing", async () => {
    const listingUrl = 'https://www.etsy.com/listing/123/trail-ready';
    const published = { ...teeDraft, id: teeDraft.id.replace('b1', 'b3'), templateId: 'mug', status: 'published' as const, listingUrl };
    const publishedPaths: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      const path = String(url);
      if (path === '/api/product-templates') return json({ templates });
      if (path.endsWith('/publish') && init?.method === 'POST') {
        publishedPaths.push(path);
        return json({ publication: { ...teeDraft, status: 'publish_waiting', placeInLine: 0 } }, 202);
      }
      if (path.startsWith('/api/publications')) return json({ publications: [teeDraft, published] });
      return json({}, 404);
    });
    renderPage(<DesignPublications assetId={first.id} />);
    const list = await screen.findByRole('region', { name: 'Printify drafts of this design' });
    const [draftRow, publishedRow] = within(list).getAllByRole('listitem');
    expect(within(publishedRow!).getByRole('link', { name: /View listing/ })).toHaveAttribute('href', listingUrl);
    expect(within(publishedRow!).queryByRole('button', { name: /Publish/ })).toBeNull();
    await userEvent.click(await within(draftRow!).findByRole('button', { name: 'Publish Unisex tee' }));
    await waitFor(() => expect(publishedPaths).toEqual([`/api/publications/${teeDraft.id}/publish`]));
    await waitFor(() => expect(draftRow).toHaveAttribute('data-status', 'publish_waiting'));
  });
});
