import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { AssetCard } from './AssetCard';
import { cardHandlers, testAsset } from './test-fixtures';

const asset = testAsset();
const handlers = cardHandlers();

describe("a card's publication badges (drafts found again)", () => {
  it('shows Draft and Published, counted per template, in both layouts, below the artwork', () => {
    for (const layout of ['grid', 'list'] as const) {
      const { unmount } = render(
        <AssetCard
          asset={asset}
          index={0}
          selected={false}
          layout={layout}
          handlers={handlers}
          publications={{ drafts: 2, published: 1 }}
        />,
      );
      const badges = screen.getAllByTestId('publication-badge');
      expect(badges.map((badge) => badge.textContent)).toEqual([
        'Draft ×2: Printify drafts of 2 templates',
        'Published: Published products of 1 template',
      ]);
      if (layout === 'grid') expect(within(screen.getByTestId('card-artwork')).queryByTestId('publication-badge')).toBeNull();
      unmount();
    }
  });

  it('shows none for a design without publications', () => {
    render(<AssetCard asset={asset} index={0} selected={false} layout="grid" handlers={handlers} />);
    expect(screen.queryByTestId('publication-badge')).toBeNull();
  });
});
