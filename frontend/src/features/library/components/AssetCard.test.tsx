import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../../lib/query-client';
import { AssetCard } from './AssetCard';
import { Lightbox } from './Lightbox';
import { cardHandlers, testAsset } from './test-fixtures';

const asset = testAsset();
const handlers = cardHandlers();

describe('asset card', () => {
  it('says so when the background the model drew could not be removed', () => {
    for (const layout of ['grid', 'list'] as const) {
      const { unmount } = render(
        <AssetCard asset={{ ...asset, backgroundKept: true }} index={0} selected={false} layout={layout} handlers={handlers} />,
      );
      expect(screen.getByText('Background kept')).toHaveAttribute('title', expect.stringContaining('could not be removed automatically'));
      unmount();
    }
  });

  it('shows no such note on a normal image', () => {
    render(<AssetCard asset={asset} index={0} selected={false} layout="grid" handlers={handlers} />);
    expect(screen.queryByText('Background kept')).not.toBeInTheDocument();
  });

  it('shows a quality badge with the reasons when a check failed, in both layouts; none while pending or when all pass', () => {
    const quality = {
      ok: false,
      checks: [
        { name: 'legibility' as const, ok: false, detail: '“Reel” reads as “Ree!”' },
        { name: 'contrast' as const, ok: true, detail: '81% of the ink stands out on a white garment' },
        { name: 'margin' as const, ok: true, detail: 'Nothing within the 2% margin' },
        { name: 'transparency' as const, ok: true, detail: 'Transparent background' },
      ],
    };
    for (const layout of ['grid', 'list'] as const) {
      const { unmount } = render(
        <AssetCard asset={{ ...asset, quality }} index={0} selected={false} layout={layout} handlers={handlers} />,
      );
      const badge = screen.getByTestId('quality-badge');
      expect(badge).toHaveTextContent('Text may not read. Quality check: Text may not read: “Reel” reads as “Ree!”');
      expect(badge).toHaveAttribute('title', 'Text may not read: “Reel” reads as “Ree!”');
      unmount();
    }
    const twoFailed = {
      ok: false,
      checks: quality.checks.map((check) =>
        check.name === 'margin' ? { ...check, ok: false, detail: 'Art reaches into the 2% margin (left)' } : check,
      ),
    };
    const { unmount } = render(
      <AssetCard asset={{ ...asset, quality: twoFailed }} index={0} selected={false} layout="grid" handlers={handlers} />,
    );
    expect(screen.getByTestId('quality-badge')).toHaveTextContent(
      /^2 quality issues\. Quality check: Text may not read: .*\. Touches the edge: Art reaches into the 2% margin \(left\)$/,
    );
    unmount();
    for (const pending of [null, undefined, { ok: true, checks: quality.checks.map((check) => ({ ...check, ok: true })) }]) {
      const { unmount: done } = render(
        <AssetCard asset={{ ...asset, quality: pending }} index={0} selected={false} layout="grid" handlers={handlers} />,
      );
      expect(screen.queryByTestId('quality-badge')).not.toBeInTheDocument();
      done();
    }
  });

  it('names its icon buttons and describes the image with its prompt', () => {
    render(<AssetCard asset={asset} index={2} selected={false} layout="grid" handlers={handlers} />);
    for (const name of ['Star', 'Image details', 'Download', 'More actions', 'Open image 3 in the lightbox'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: "'Space Meow' cat astronaut" })).toHaveAttribute('alt', "'Space Meow' cat astronaut");
    expect(screen.getByRole('button', { name: 'Open image 3 in the lightbox' })).toHaveAttribute('data-card-index', '2');
  });
});

describe('a grid card shows the art whole', () => {
  it('places the light and dark files and the badges in a region below the artwork, never laid over it', () => {
    const quality = { ok: false, checks: [{ name: 'legibility' as const, ok: false, detail: '“Reel” reads as “Ree!”' }] };
    const expiresAt = new Date(Date.now() + 2 * 86_400_000).toISOString();
    render(
      <AssetCard
        asset={{ ...asset, quality, backgroundKept: true, expiresAt }}
        index={0}
        selected={false}
        layout="grid"
        handlers={handlers}
      />,
    );
    const card = screen.getByTestId('asset-card');
    const artwork = within(card).getByTestId('card-artwork');
    const details = within(card).getByTestId('card-details');
    expect(artwork).toContainElement(screen.getByRole('img', { name: "'Space Meow' cat astronaut" }));
    // The details follow the artwork in the card's flow: siblings, in this order, neither inside the other.
    expect(artwork.parentElement).toBe(card);
    expect(details.parentElement).toBe(card);
    expect(artwork.compareDocumentPosition(details) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const overlays = [
      screen.getByRole('group', { name: 'Light and dark print files' }),
      screen.getByTestId('quality-badge'),
      screen.getByText('Background kept'),
      screen.getByText(/^Expires in/),
    ];
    for (const element of overlays) {
      expect(artwork).not.toContainElement(element);
      expect(details).toContainElement(element);
      // Absolutely placed (anywhere up to the card), it would sit over the artwork.
      for (let node: HTMLElement | null = element; node && node !== card; node = node.parentElement)
        expect(node.className).not.toMatch(/(^|\s)(absolute|fixed)(\s|$)/);
    }
  });
});

describe('the light and dark pair', () => {
  it('shows the card’s thumbnail on a white and a black garment, named, inverting it on the garment it was not drawn for', () => {
    render(<AssetCard asset={{ ...asset, garment: 'light' }} index={0} selected={false} layout="grid" handlers={handlers} />);
    const pair = screen.getByRole('group', { name: 'Light and dark print files' });
    const onWhite = within(pair).getByRole('img', { name: "On a white garment: 'Space Meow' cat astronaut" });
    const onBlack = within(pair).getByRole('img', { name: "On a black garment: 'Space Meow' cat astronaut" });
    // No extra request per card: both show the thumbnail the card loads anyway.
    const thumbnail = `/api/download/${asset.id}?variant=original&size=thumbnail`;
    expect([onWhite.getAttribute('src'), onBlack.getAttribute('src')]).toEqual([thumbnail, thumbnail]);
    expect(onWhite.className).not.toContain('invert');
    expect(onBlack.className).toContain('invert');
    expect(onWhite.closest('figure')).toHaveClass('bg-white');
    expect(onBlack.closest('figure')).toHaveClass('bg-black');
  });

  it('shows the real print file for each garment in the lightbox, with a download for each', () => {
    // The lightbox's mockup strip fetches through the query client.
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Lightbox
          assets={[asset]}
          index={0}
          onIndex={() => undefined}
          onClose={() => undefined}
          onDownload={() => undefined}
          onExport={() => undefined}
        />
      </QueryClientProvider>,
    );
    const pair = screen.getByRole('group', { name: 'Light and dark print files' });
    for (const [garment, colour] of [
      ['light', 'white'],
      ['dark', 'black'],
    ] as const) {
      expect(within(pair).getByRole('img', { name: `On a ${colour} garment: 'Space Meow' cat astronaut` })).toHaveAttribute(
        'src',
        `/api/download/${asset.id}?variant=original&size=preview&garment=${garment}`,
      );
      expect(screen.getByRole('link', { name: `File for ${colour} garments` })).toHaveAttribute(
        'href',
        `/api/download/${asset.id}?variant=original&garment=${garment}`,
      );
    }
  });
});
