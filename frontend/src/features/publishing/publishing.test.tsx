import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import type { Asset } from '@printloom/contracts/assets.schemas';
import type { ConnectionState, Publication } from '@printloom/contracts/publishing.schemas';
import { createQueryClient } from '../../lib/query-client';
import { ConnectionsCard } from './ConnectionsCard';
import { CreateDraftsDialog } from './CreateDraftsDialog';

afterEach(() => vi.restoreAllMocks());

const renderPage = (node: React.ReactNode) => render(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>);

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const notConnected: ConnectionState = { connected: false, shops: [], shopId: null, tokenHint: null, localShop: true, allowed: true };

describe('Account → Connections', () => {
  it('connects with a token (sent once, never shown again) and disconnects', async () => {
    const sent: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      if (String(url) !== '/api/connections/printify') return json({}, 404);
      if (init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return json({
          ...notConnected,
          connected: true,
          localShop: false,
          shops: [{ id: 7, title: 'My Etsy', salesChannel: 'etsy' }],
          shopId: 7,
          tokenHint: 'WXYZ',
        });
      }
      if (init?.method === 'DELETE') return json(notConnected);
      return json(notConnected);
    });
    renderPage(<ConnectionsCard />);
    await screen.findByText(/drafts go to the local shop/);
    await userEvent.type(screen.getByLabelText('Printify personal access token'), 'secret-token-WXYZ');
    await userEvent.click(screen.getByRole('button', { name: 'Connect Printify' }));
    await screen.findByText('WXYZ');
    expect(sent).toEqual([{ token: 'secret-token-WXYZ' }]);
    expect(screen.getByText('Drafts go to My Etsy.')).toBeInTheDocument();
    expect(screen.queryByDisplayValue('secret-token-WXYZ')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Disconnect Printify' }));
    await screen.findByLabelText('Printify personal access token');
  });

  it('says why a plan without the commercial licence cannot create drafts', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      json({ ...notConnected, allowed: false, upgradeMessage: 'Printify drafts come with the Pro and Studio plans.' }),
    );
    renderPage(<ConnectionsCard />);
    expect(await screen.findByText('Printify drafts come with the Pro and Studio plans.')).toBeInTheDocument();
  });
});

describe('Create Printify drafts', () => {
  const asset = { id: '00000000-0000-4000-8000-0000000000a1', job: { prompt: 'Space Meow' } } as unknown as Asset;
  const publication = (status: Publication['status']): Publication => ({
    id: '00000000-0000-4000-8000-0000000000b1',
    assetId: asset.id,
    templateId: 'tee',
    target: 'printify',
    status,
    externalId: status === 'draft_created' ? 'abc' : null,
    productUrl: status === 'draft_created' ? 'https://printify.com/app/editor/abc' : null,
    mockups: [],
    createdAt: '2026-11-25T00:00:00.000Z',
    updatedAt: '2026-11-25T00:00:00.000Z',
  });

  it('previews the design on the template colours (dark file on dark garments), creates the draft and shows its status and link', async () => {
    let listed = 0;
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
              printProviderId: 29,
              variants: [
                { colour: 'White', size: 'M', price: 2499 },
                { colour: 'Black', size: 'M', price: 2499 },
              ],
              darkColours: ['Black'],
              placement: { position: 'front', x: 0.5, y: 0.5, fit: 'contain' },
            },
          ],
        });
      if (path === '/api/connections/printify') return json(notConnected);
      if (path === '/api/publications' && init?.method === 'POST') return json({ publications: [publication('queued')] }, 202);
      if (path.startsWith('/api/publications')) {
        listed += 1;
        return json({ publications: [publication(listed > 1 ? 'draft_created' : 'uploading')] });
      }
      return json({}, 404);
    });
    renderPage(<CreateDraftsDialog assets={[asset]} onClose={() => undefined} />);
    const dark = await screen.findByRole('img', { name: 'On Black: the dark file' });
    expect(dark.getAttribute('src')).toContain('garment=dark');
    expect(screen.getByRole('img', { name: 'On White: the light file' }).getAttribute('src')).toContain('garment=light');
    await userEvent.click(screen.getByRole('button', { name: 'Create 1 draft' }));
    await waitFor(() => expect(screen.getByText('Draft created')).toBeInTheDocument(), { timeout: 5000 });
    expect(screen.getByRole('link', { name: /Open in Printify/ })).toHaveAttribute('href', 'https://printify.com/app/editor/abc');
  });
});

describe('the drafts dialog rows', () => {
  const template = {
    id: 'tee',
    name: 'Unisex tee',
    product: 'Tee',
    builtIn: true,
    blueprintId: 12,
    printProviderId: 29,
    variants: [{ colour: 'White', size: 'M', price: 2499 }],
    darkColours: [],
    placement: { position: 'front', x: 0.5, y: 0.5, fit: 'contain' },
  };
  const designs = ['a1', 'a2'].map(
    (end) => ({ id: `00000000-0000-4000-8000-0000000000${end}`, job: { prompt: 'Space Meow' } }) as unknown as Asset,
  );
  const titles = [
    'Bold Type Space Meow T-Shirt, Retro Cat Astronaut Graphic Tee',
    'Vintage Badge Space Meow T-Shirt, Retro Cat Astronaut Graphic Tee',
  ];
  const row = (index: number, title: string | null): Publication => ({
    id: `00000000-0000-4000-8000-0000000000b${index}`,
    assetId: designs[index]!.id,
    templateId: 'tee',
    target: 'printify',
    status: title ? 'draft_created' : 'queued',
    externalId: null,
    productUrl: null,
    title,
    mockups: [],
    createdAt: '2026-11-25T00:00:00.000Z',
    updatedAt: '2026-11-25T00:00:00.000Z',
  });

  it('names each row by its listing title and template, and by the prompt until the listing is read', async () => {
    let listed = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      const path = String(url);
      if (path === '/api/product-templates') return json({ templates: [template] });
      if (path === '/api/connections/printify') return json(notConnected);
      if (path === '/api/publications' && init?.method === 'POST') return json({ publications: [row(0, null), row(1, null)] }, 202);
      if (path.startsWith('/api/publications')) {
        listed += 1;
        return json({ publications: listed > 1 ? [row(0, titles[0]!), row(1, titles[1]!)] : [row(0, null), row(1, null)] });
      }
      return json({}, 404);
    });
    renderPage(<CreateDraftsDialog assets={designs} onClose={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create 2 drafts' }));
    expect(await screen.findAllByText('Space Meow · Unisex tee')).toHaveLength(2);
    expect(await screen.findByText(`${titles[0]} · Unisex tee`, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(`${titles[1]} · Unisex tee`)).toBeInTheDocument();
  });
});
