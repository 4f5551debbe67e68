import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { Asset } from '@printloom/contracts/assets.schemas';
import { createQueryClient } from '../../lib/query-client';
import { ToastProvider } from '../../components/ui/toast';
import { ListingPanel } from './ListingPanel';

afterEach(() => vi.restoreAllMocks());

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const asset = { id: '11111111-1111-4111-8111-111111111111', job: { prompt: 'Space Meow' } } as Asset;
const listing = {
  target: 'etsy',
  title: 'Space Meow Tee',
  tags: ['space cat', 'cat lover'],
  description: 'Made with AI assistance.',
  bullets: [],
  brand: '',
  problems: [],
  risks: [{ term: 'meow', level: 'medium', source: 'uspto', classes: ['025'], mark: 'MEOW', serial: '90000001' }],
};

function renderPanel(handler: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => handler(String(url), init));
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <ListingPanel designs={[asset]} open onClose={() => undefined} media={() => <p>files</p>} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return fetchMock;
}

describe('the listing panel', () => {
  it('shows the copy, counts the title as it is typed, names the risk flags and saves only what changed', async () => {
    const fetchMock = renderPanel((url, init) => {
      if (url.includes('seller-profile')) return json({ profile: { shopName: '', brand: '' } });
      if (init?.method === 'PATCH') return json({ listing: { ...listing, ...JSON.parse(String(init.body)) } });
      return json({ listing });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Prepare listing' });
    const title = await within(dialog).findByLabelText('Title');
    expect(screen.getByText('14 of 140 characters')).toBeTruthy();
    await userEvent.type(title, '!');
    expect(screen.getByText('15 of 140 characters').getAttribute('aria-live')).toBe('polite');
    const risks = screen.getByRole('region', { name: 'Risk flags' });
    expect(risks.textContent).toContain('Risk flags, not legal advice');
    expect(risks.textContent).toMatch(/“meow”: medium risk · USPTO · class 025 · mark “MEOW”/);

    await userEvent.click(screen.getByRole('button', { name: 'Remove tag cat lover' }));
    expect(within(screen.getByRole('list', { name: 'Tags' })).getAllByRole('listitem')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: /Save listing/ }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(JSON.parse(String(patch[1]!.body))).toEqual({ target: 'etsy', title: 'Space Meow Tee!', tags: ['space cat'] });
  });

  it("shows the validator's message at the field as it is typed, and the server's 422 at its field", async () => {
    renderPanel((url, init) => {
      if (url.includes('seller-profile')) return json({ profile: { shopName: '', brand: '' } });
      if (init?.method === 'PATCH')
        return json(
          { error: 'Tag "cat lover" is taken by a rule the server knows.', code: 'LISTING_INVALID', field: 'tags', limit: 20 },
          422,
        );
      return json({ listing });
    });
    const title = await screen.findByLabelText('Title');
    await userEvent.type(title, ' % % %');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    const described = title.getAttribute('aria-describedby')!.split(' ');
    const message = document.getElementById(described[1]!)!;
    expect(message.textContent).toMatch(/only once/);

    await userEvent.clear(title);
    await userEvent.type(title, 'Space Meow Tee');
    await userEvent.type(screen.getByLabelText('Add a tag'), 'retro{Enter}');
    await userEvent.click(screen.getByRole('button', { name: /Save listing/ }));
    const tags = screen.getByLabelText('Add a tag');
    await waitFor(() => expect(tags.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(tags.getAttribute('aria-describedby')!.split(' ')[1]!)!.textContent).toBe(
      'Tag "cat lover" is taken by a rule the server knows.',
    );
  });

  it('shows the Merch tab as Merch is: no tag field or counter, and an empty brand named at its field with a link to the seller profile', async () => {
    const merch = { ...listing, target: 'merch', bullets: ['One', 'Two'], tags: Array.from({ length: 13 }, (_, n) => `tag ${n}`) };
    renderPanel((url) => {
      if (url.includes('seller-profile')) return json({ profile: { shopName: '', brand: '' } });
      return json({ listing: url.includes('merch') ? merch : listing });
    });
    await screen.findByLabelText('Add a tag');
    await userEvent.click(screen.getByRole('radio', { name: 'Merch by Amazon' }));
    const form = await screen.findByRole('form', { name: 'Merch by Amazon listing' });
    const brand = await within(form).findByLabelText('Brand');
    expect(within(form).queryByLabelText('Add a tag')).toBeNull();
    expect(within(form).queryByRole('list', { name: 'Tags' })).toBeNull();
    expect(within(form).queryByText(/of 13 tags/)).toBeNull();
    expect(within(form).queryByRole('button', { name: /Copy tags/ })).toBeNull();

    expect(brand.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(brand.getAttribute('aria-describedby')!.split(' ')[1]!)!;
    expect(message.textContent).toMatch(/needs a brand/);
    expect(within(form).getByRole('link', { name: 'Set your brand in the seller profile' }).getAttribute('href')).toBe(
      '/account#seller-profile',
    );
    await userEvent.type(brand, 'Meow Studio');
    expect(brand.getAttribute('aria-invalid')).toBe('false');
    expect(within(form).queryByRole('link', { name: 'Set your brand in the seller profile' })).toBeNull();
  });

  it('prepares a kit of more than 100 designs as a job and offers it once ready', async () => {
    const designs = Array.from({ length: 101 }, (_, n) => ({ ...asset, id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}` }));
    const kit = { id: '22222222-2222-4222-8222-222222222222', designs: 101, error: null, createdAt: new Date().toISOString() };
    let polls = 0;
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      const path = String(url);
      if (path.includes('seller-profile')) return json({ profile: { shopName: '', brand: '' } });
      if (path === '/api/listing-kits' && init?.method === 'POST')
        return json({ kit: { ...kit, status: 'queued', prepared: 0, expiresAt: null, downloadUrl: null } }, 202);
      if (path === `/api/listing-kits/${kit.id}`) {
        polls += 1;
        return json({
          kit: {
            ...kit,
            status: 'ready',
            prepared: 101,
            expiresAt: new Date().toISOString(),
            downloadUrl: `/api/listing-kits/${kit.id}/download`,
          },
        });
      }
      return json({ listing });
    });
    render(
      <MemoryRouter>
        <QueryClientProvider client={createQueryClient()}>
          <ListingPanel designs={designs} open onClose={() => undefined} media={() => null} />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    await screen.findByLabelText('Title');
    expect(screen.getByText(/More than 100 designs are prepared first/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Download listing kit' }));
    expect(await screen.findByText('Preparing the kit: 0 of 101 designs ready…')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([url, init]) => String(url) === '/api/listing-kits' && init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body)).ids).toHaveLength(101);
    expect(await screen.findByRole('button', { name: 'Download the prepared kit' }, { timeout: 5000 })).toBeTruthy();
    expect(polls).toBe(1);
  });
});

describe('the risk banner of a listing', () => {
  const flagged = {
    ...listing,
    title: 'Just Do It Running Tee',
    tags: ['just do it', 'running', 'runner gift'],
    description: '"Just Do It": a bold running shoes design.',
    risks: [
      {
        term: 'just do it',
        level: 'high',
        source: 'denylist',
        classes: ['025'],
        mark: 'Just Do It',
        fields: ['title', 'tags', 'description'],
      },
    ],
  };

  function renderFlagged(patched: (body: Record<string, unknown>) => unknown) {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      if (String(url).includes('seller-profile')) return json({ profile: { shopName: '', brand: '' } });
      if (init?.method === 'PATCH') return json(patched(JSON.parse(String(init.body))));
      return json({ listing: flagged });
    });
    render(
      <ToastProvider>
        <QueryClientProvider client={createQueryClient()}>
          <ListingPanel designs={[asset]} open onClose={() => undefined} media={() => null} />
        </QueryClientProvider>
      </ToastProvider>,
    );
    return fetchMock;
  }

  it('names the fields that hold each flagged phrase and removes it from the title and tags, to be saved', async () => {
    const fetchMock = renderFlagged((body) => ({
      listing: { ...flagged, ...body, risks: [{ ...flagged.risks[0], fields: ['description'] }] },
    }));
    const banner = await screen.findByRole('region', { name: 'Risk flags' });
    const item = within(banner).getByRole('listitem');
    expect(item.textContent).toContain('“just do it”: high risk · Denylist · class 025 · mark “Just Do It”');
    expect(item.textContent).toContain('In: title, tags, description');

    await userEvent.click(within(item).getByRole('button', { name: 'Remove “just do it” from title and tags' }));
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Running Tee');
    expect(
      within(screen.getByRole('list', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((tag) => tag.textContent),
    ).toEqual(['running', 'runner gift']);
    expect(item.textContent).toContain('In: description');
    expect(within(item).queryByRole('button')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: /Save listing/ }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(JSON.parse(String(patch[1]!.body))).toEqual({ target: 'etsy', title: 'Running Tee', tags: ['running', 'runner gift'] });
  });

  it('names the product classes each risk is rated for, and why a mark of other classes is low', async () => {
    const mug = {
      term: 'brewquill',
      level: 'high',
      source: 'uspto',
      classes: ['021'],
      productClasses: ['021'],
      mark: 'BREWQUILL',
      serial: '94000001',
    };
    const software = {
      term: 'codequill',
      level: 'low',
      source: 'uspto',
      classes: ['009'],
      productClasses: [],
      mark: 'CODEQUILL',
      serial: '94000003',
    };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      json({ listing: { ...listing, title: 'Brewquill Codequill Tee', risks: [mug, software] } }),
    );
    render(
      <ToastProvider>
        <QueryClientProvider client={createQueryClient()}>
          <ListingPanel designs={[asset]} open onClose={() => undefined} media={() => null} />
        </QueryClientProvider>
      </ToastProvider>,
    );
    const banner = await screen.findByRole('region', { name: 'Risk flags' });
    const [first, second] = within(banner).getAllByRole('listitem');
    expect(first!.textContent).toContain(
      '“brewquill”: high risk · USPTO · class 021 · mark “BREWQUILL” (serial 94000001) · rated for mugs (021)',
    );
    expect(second!.textContent).toContain(
      '“codequill”: low risk · USPTO · class 009 · mark “CODEQUILL” (serial 94000003) · not registered for these products',
    );
  });

  it('says so when an edit is saved with a high-risk phrase back in the title', async () => {
    const warning = 'title: "just do it" is a high trademark risk (denylist phrase Just Do It): remove it before you sell';
    renderFlagged((body) => ({
      listing: { ...flagged, ...body, problems: [{ field: 'title', rule: 'trademark-risk', limit: 'high', message: warning }] },
    }));
    const title = await screen.findByLabelText('Title');
    await userEvent.type(title, '!');
    await userEvent.click(screen.getByRole('button', { name: /Save listing/ }));
    expect(await screen.findByText('Listing saved with a trademark warning')).toBeTruthy();
    expect(screen.getByText(warning)).toBeTruthy();
  });
});
