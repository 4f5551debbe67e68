import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MOCKUPS } from '@printloom/contracts/mockups';
import { createQueryClient } from '../../../lib/query-client';
import { Lightbox } from './Lightbox';
import { testAsset } from './test-fixtures';

const asset = testAsset();
const urlOf = (id: string) => `/api/assets/${asset.id}/mockups/${id}`;
const listAnswer = () =>
  new Response(JSON.stringify({ mockups: MOCKUPS.map(({ id, product, colour }) => ({ id, product, colour, url: urlOf(id) })) }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

function openLightbox() {
  const noop = () => undefined;
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <Lightbox assets={[asset]} index={0} onIndex={noop} onClose={noop} onDownload={noop} onExport={noop} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('the lightbox’s mockup strip', () => {
  it('shows the 8 mockups as lazy thumbnails named for screen readers, each with its own download', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => listAnswer());
    openLightbox();
    expect(screen.getByRole('status')).toHaveTextContent('Making mockups…');
    const strip = await screen.findByRole('list', { name: 'Mockups' });
    expect(fetchMock.mock.calls[0][0]).toBe(`/api/assets/${asset.id}/mockups`);
    const images = within(strip).getAllByRole('img');
    expect(images).toHaveLength(8);
    const blackTee = within(strip).getByRole('img', { name: 'Mockup: black tee' });
    expect(blackTee).toHaveAttribute('src', urlOf('tee-black'));
    expect(blackTee).toHaveAttribute('loading', 'lazy');
    expect(within(strip).getByRole('img', { name: 'Mockup: black-framed poster' })).toBeInTheDocument();
    const download = within(strip).getByRole('link', { name: 'Download mockup: white mug' });
    expect(download).toHaveAttribute('href', urlOf('mug-white'));
    expect(download).toHaveAttribute('download');
  });

  it('says why when the mockups cannot be made', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () =>
        new Response(JSON.stringify({ error: 'Image processing is busy right now. Please try again in a minute.', code: 'UNAVAILABLE' }), {
          status: 503,
          headers: { 'content-type': 'application/json' },
        }),
    );
    openLightbox();
    expect(await screen.findByRole('alert')).toHaveTextContent('Image processing is busy right now');
  });
});
