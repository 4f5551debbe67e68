import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import type { Asset } from '@printloom/contracts/assets.schemas';
import type { ConnectionState, Publication } from '@printloom/contracts/publishing.schemas';
import { createQueryClient } from '../../lib/query-client';
import { RecentProofProvider } from '../../components/reauth/RecentProof';
import { ConnectionsCard } from './ConnectionsCard';
import { CreateDraftsDialog, StatusRow, draftsSummary } from './CreateDraftsDialog';

afterEach(() => vi.restoreAllMocks());

const renderPage = (node: React.ReactNode) =>
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>
    </MemoryRouter>,
  );

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const notConnected: ConnectionState = {
  connected: false,
  shops: [],
  shopId: null,
  tokenHint: null,
  localShop: true,
  allowed: true,
  checklist: [],
};

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

  it('asks "Confirm it\'s you" when the server wants a recent proof, then connects with the same token', async () => {
    const sent: string[] = [];
    let confirmed = false;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      const call = `${init?.method ?? 'GET'} ${String(url)}`;
      sent.push(call);
      if (call === 'GET /api/auth/me')
        return json({
          user: { id: 'u', email: 'seller@example.com', hasPassword: true, hasGoogleAuth: false },
          credits: 1,
          subscription: null,
        });
      if (call === 'POST /api/auth/confirm-password') {
        confirmed = true;
        return json({ confirmedUntil: new Date(Date.now() + 600_000).toISOString() });
      }
      if (call === 'POST /api/connections/printify') {
        if (!confirmed) return json({ error: 'Please confirm it is you first.', code: 'REAUTH_REQUIRED' }, 403);
        expect(JSON.parse(String(init?.body))).toEqual({ token: 'secret-token-WXYZ' });
        return json({
          ...notConnected,
          connected: true,
          localShop: false,
          shops: [{ id: 7, title: 'My Etsy', salesChannel: 'etsy' }],
          shopId: 7,
          tokenHint: 'WXYZ',
        });
      }
      return json(notConnected);
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RecentProofProvider>
          <MemoryRouter>
            <ConnectionsCard />
          </MemoryRouter>
        </RecentProofProvider>
      </QueryClientProvider>,
    );
    await screen.findByText(/drafts go to the local shop/);
    await userEvent.type(screen.getByLabelText('Printify personal access token'), 'secret-token-WXYZ');
    await userEvent.click(screen.getByRole('button', { name: 'Connect Printify' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    expect(within(dialog).getByText('To connect Printify, enter your password again.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Password'), 'correct horse battery');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('WXYZ');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(sent.filter((call) => call.startsWith('POST'))).toEqual([
      'POST /api/connections/printify',
      'POST /api/auth/confirm-password',
      'POST /api/connections/printify',
    ]);
  });

  it('lists the steps for a personal access token and the scopes to tick, and links to the local shop in use', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      json({ ...notConnected, localShopUrl: 'http://localhost:8091/local-shop' }),
    );
    renderPage(<ConnectionsCard />);
    const steps = await screen.findByRole('region', { name: 'Getting a Printify token' });
    const ordered = within(steps).getAllByRole('list')[0]!;
    expect(ordered.tagName).toBe('OL');
    expect(
      within(ordered)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual([
      expect.stringMatching(/Connections/),
      expect.stringMatching(/Personal access tokens.*Generate/),
      expect.stringMatching(/scopes/),
      expect.stringMatching(/copy it.*paste it here/),
    ]);
    const scopes = within(steps).getByRole('list', { name: 'Scopes to tick:' });
    expect(
      within(scopes)
        .getAllByRole('listitem')
        .map((scope) => scope.textContent),
    ).toEqual(['shops.read', 'catalog.read', 'products.read', 'products.write', 'uploads.read', 'uploads.write']);
    expect(await screen.findByRole('link', { name: /Open the local shop/ })).toHaveAttribute('href', 'http://localhost:8091/local-shop');
  });

  it('offers no local shop link when drafts go to a connected Printify shop', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      json({
        ...notConnected,
        connected: true,
        localShop: false,
        tokenHint: 'WXYZ',
        shops: [{ id: 7, title: 'My Etsy', salesChannel: 'etsy' }],
        shopId: 7,
      }),
    );
    renderPage(<ConnectionsCard />);
    await screen.findByText('Drafts go to My Etsy.');
    expect(screen.queryByRole('link', { name: /Open the local shop/ })).not.toBeInTheDocument();
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
    productUrl: status === 'draft_created' ? 'https://printify.com/app/product-details/abc' : null,
    mockups: [],
    createdAt: '2026-11-25T00:00:00.000Z',
    updatedAt: '2026-11-25T00:00:00.000Z',
  });

  it('previews the design on the template colours (dark file on dark garments), creates the draft and shows its status and link', async () => {
    let listed = 0;
    let posted = false;
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
              variants: [
                { options: { color: 'White', size: 'M' }, price: 2499 },
                { options: { color: 'Black', size: 'M' }, price: 2499 },
              ],
              darkColours: ['Black'],
              placement: { position: 'front', x: 0.5, y: 0.5, fit: 'contain' },
            },
          ],
        });
      if (path === '/api/connections/printify') return json(notConnected);
      if (path === '/api/publications' && init?.method === 'POST') {
        posted = true;
        return json({ publications: [publication('queued')], skipped: [] }, 202);
      }
      // The dialog reads the seller's publications when it opens: none before the draft is asked for.
      if (path.startsWith('/api/publications')) {
        if (!posted) return json({ publications: [] });
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
    expect(screen.getByRole('link', { name: /Open in Printify/ })).toHaveAttribute('href', 'https://printify.com/app/product-details/abc');
  });

  it('links to Account → Connections, and the trial note links to the plan page', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
      if (String(url) === '/api/product-templates') return json({ templates: [] });
      if (String(url) === '/api/connections/printify')
        return json({ ...notConnected, localShop: false, allowed: false, upgradeMessage: 'Printify drafts come with the Pro plan.' });
      return json({}, 404);
    });
    renderPage(<CreateDraftsDialog assets={[asset]} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create Printify drafts' });
    const connect = await within(dialog).findByRole('link', { name: 'Connect Printify in Account → Connections' });
    expect(connect).toHaveAttribute('href', '/account#connections');
    expect(within(dialog).getByText(/Printify is not connected yet/)).toBeInTheDocument();
    const note = within(dialog).getByRole('alert');
    expect(note).toHaveTextContent('Printify drafts come with the Pro plan.');
    expect(within(note).getByRole('link', { name: 'Open Account → Plan' })).toHaveAttribute('href', '/account#plan');
  });
});

describe("the drafts dialog and the seller's Printify catalogue", () => {
  const asset = { id: '00000000-0000-4000-8000-0000000000a1', job: { prompt: 'Space Meow' } } as unknown as Asset;

  const base = { product: 'P', builtIn: true, darkColours: [], placement: { position: 'front', x: 0.5, y: 0.5, fit: 'contain' } };
  const poster = {
    ...base,
    id: 'poster',
    name: 'Poster',
    blueprintId: 282,
    printProviderIds: [2],
    variants: [
      { options: { size: '12″ x 18″', paper: 'Matte' }, price: 1799 },
      { options: { size: '18″ x 24″', paper: 'Glossy' }, price: 2499 },
    ],
    unavailable: [{ options: { size: '18″ x 24″', paper: 'Glossy' }, label: '18″ x 24″ / Glossy', reason: 'Not offered by Sensaria' }],
  };
  const mug = {
    ...base,
    id: 'tee',
    name: 'Mug',
    blueprintId: 68,
    printProviderIds: [1],
    variants: [{ options: { size: '11oz' }, price: 1499 }],
    unavailable: null,
  };

  function serve(templates: unknown[]) {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
      if (String(url) === '/api/product-templates') return json({ templates });
      if (String(url) === '/api/connections/printify') return json(notConnected);
      return json({}, 404);
    });
  }

  it('names the entries the catalogue does not offer before "Create drafts", and shows a poster on white', async () => {
    serve([mug, poster]);
    renderPage(<CreateDraftsDialog assets={[asset]} onClose={() => undefined} />);
    await userEvent.click(await screen.findByRole('radio', { name: /Poster/ }));
    const note = screen.getByRole('note', { name: 'Not offered' });
    expect(note).toHaveTextContent('18″ x 24″ / Glossy — Not offered by Sensaria');
    expect(
      note.compareDocumentPosition(screen.getByRole('button', { name: 'Create 1 draft' })) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.getByText('Preview on white')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'On white: the light file' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^On (Black|White):/ })).toBeNull();
    expect(screen.getByText(/12″ x 18″ Matte, 18″ x 24″ Glossy · from \$17\.99/)).toBeInTheDocument();
  });

  it('says when the catalogue could not be checked, and names nothing for a template it fully offers', async () => {
    serve([mug, { ...poster, id: 'poster', unavailable: [] }]);
    renderPage(<CreateDraftsDialog assets={[asset]} onClose={() => undefined} />);
    expect(await screen.findByText(/Whether Printify offers every variant of Mug could not be checked/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /Poster/ }));
    expect(screen.queryByRole('note')).toBeNull();
  });
});

describe('publishing a draft from its row', () => {
  const asset = { id: '00000000-0000-4000-8000-0000000000a1', job: { prompt: 'Space Meow' } } as unknown as Asset;
  const templates = [{ id: 'mug', name: 'Mug' }];
  const row = (status: Publication['status'], extra: Partial<Publication> = {}): Publication => ({
    id: '00000000-0000-4000-8000-0000000000c1',
    assetId: asset.id,
    templateId: 'mug',
    target: 'printify',
    status,
    externalId: 'abc',
    productUrl: 'https://printify.com/app/product-details/abc',
    title: 'Space Meow Mug',
    mockups: [],
    createdAt: '2026-11-25T00:00:00.000Z',
    updatedAt: '2026-11-25T00:00:00.000Z',
    ...extra,
  });
  const renderRow = (publication: Publication) =>
    renderPage(
      <ul>
        <StatusRow publication={publication} asset={asset} templates={templates} />
      </ul>,
    );

  it('offers "Publish" on a draft and sends it', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => json({ publication: row('publish_waiting', { placeInLine: 0 }) }, 202));
    renderRow(row('draft_created'));
    await userEvent.click(screen.getByRole('button', { name: 'Publish Space Meow Mug · Mug' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([String(url), init?.method]).toEqual([`/api/publications/${row('draft_created').id}/publish`, 'POST']);
  });

  it('shows the status while publishing, the listing once published, and "Publish again" after a failed publish', () => {
    const { unmount } = renderRow(row('publishing'));
    expect(screen.getByText(/Publishing \(Printify is sending it to your shop\)/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Publish/ })).toBeNull();
    unmount();

    const published = renderRow(row('published', { listingUrl: 'https://www.etsy.com/listing/123/space-meow-mug' }));
    expect(screen.getByRole('link', { name: /View listing/ })).toHaveAttribute('href', 'https://www.etsy.com/listing/123/space-meow-mug');
    expect(screen.getByRole('link', { name: /Open in Printify/ })).toHaveAttribute('href', 'https://printify.com/app/product-details/abc');
    published.unmount();

    renderRow(
      row('publish_failed', {
        error: { code: 'PUBLISH_FAILED', message: 'Printify could not publish this product to your Etsy shop.' },
      }),
    );
    expect(screen.getByText('Publishing failed: Printify could not publish this product to your Etsy shop.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish Space Meow Mug · Mug' })).toHaveTextContent('Publish again');
    expect(screen.queryByRole('link', { name: /View listing/ })).toBeNull();
  });

  it("counts a collection's published drafts and failed publishes in its summary", () => {
    expect(
      draftsSummary(4, [{ status: 'published' }, { status: 'publish_failed' }, { status: 'draft_created' }, { status: 'queued' }]),
    ).toBe('3 of 4 drafts created · 1 published · 1 publishing failed');
  });
});

describe('the drafts dialog rows', () => {
  const template = {
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
