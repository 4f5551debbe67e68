import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { Asset } from '@printloom/contracts/assets.schemas';
import { AssetCard, type AssetCardHandlers } from './AssetCard';

const asset: Asset = {
  id: '00000000-0000-4000-8000-0000000000a1',
  jobId: '00000000-0000-4000-8000-0000000000b1',
  job: { prompt: "'Space Meow' cat astronaut" },
  starred: false,
  createdAt: new Date().toISOString(),
  expiresAt: new Date(Date.now() + 20 * 86_400_000).toISOString(),
  width: 4500,
  height: 5400,
  variant: 'A',
};
const handlers = Object.fromEntries(['onSelect', 'onOpen', 'onInfo', 'onStar', 'onDownload', 'onRemoveBackground', 'onUpscale', 'onDelete'].map((name) => [name, vi.fn()])) as unknown as AssetCardHandlers;

describe('asset card', () => {
  it('says so when the background the model drew could not be removed', () => {
    for (const layout of ['grid', 'list'] as const) {
      const { unmount } = render(<AssetCard asset={{ ...asset, backgroundKept: true }} index={0} selected={false} layout={layout} handlers={handlers} />);
      expect(screen.getByText('Background kept')).toHaveAttribute('title', expect.stringContaining('could not be removed automatically'));
      unmount();
    }
  });

  it('shows no such note on a normal image', () => {
    render(<AssetCard asset={asset} index={0} selected={false} layout="grid" handlers={handlers} />);
    expect(screen.queryByText('Background kept')).not.toBeInTheDocument();
  });

  it('names its icon buttons and describes the image with its prompt', () => {
    render(<AssetCard asset={asset} index={2} selected={false} layout="grid" handlers={handlers} />);
    for (const name of ['Star', 'Image details', 'Download', 'More actions', 'Open image 3 in the lightbox']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByRole('img')).toHaveAttribute('alt', "'Space Meow' cat astronaut");
    expect(screen.getByRole('button', { name: 'Open image 3 in the lightbox' })).toHaveAttribute('data-card-index', '2');
  });
});
