import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AssetCard } from './AssetCard';
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

  it('names its icon buttons and describes the image with its prompt', () => {
    render(<AssetCard asset={asset} index={2} selected={false} layout="grid" handlers={handlers} />);
    for (const name of ['Star', 'Image details', 'Download', 'More actions', 'Open image 3 in the lightbox'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByRole('img')).toHaveAttribute('alt', "'Space Meow' cat astronaut");
    expect(screen.getByRole('button', { name: 'Open image 3 in the lightbox' })).toHaveAttribute('data-card-index', '2');
  });
});
