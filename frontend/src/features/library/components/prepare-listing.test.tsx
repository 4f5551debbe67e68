import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../../lib/query-client';
import { AssetCard } from './AssetCard';
import { Lightbox } from './Lightbox';
import { Toolbar } from './Toolbar';
import { cardHandlers, testAsset } from './test-fixtures';

const asset = testAsset();

describe('"Prepare listing…"', () => {
  it("is on the card's menu", async () => {
    const handlers = cardHandlers();
    render(<AssetCard asset={asset} index={0} selected={false} layout="grid" handlers={handlers} />);
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Prepare listing…' }));
    expect(handlers.onPrepareListing).toHaveBeenCalledWith(asset);
  });

  it('is on the selection bar', async () => {
    const onPrepareListingSelected = vi.fn();
    const noop = () => undefined;
    render(
      <Toolbar
        starredOnly={false}
        onStarredOnly={noop}
        layout="grid"
        onLayout={noop}
        search=""
        onSearch={noop}
        selectedCount={2}
        onStarSelected={noop}
        onDownloadSelected={noop}
        onExportSelected={noop}
        onPrepareListingSelected={onPrepareListingSelected}
        onDeleteSelected={noop}
        onClearSelection={noop}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Prepare listing…' }));
    expect(onPrepareListingSelected).toHaveBeenCalledTimes(1);
  });

  it('is in the lightbox', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ mockups: [] })));
    const onPrepareListing = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Lightbox
          assets={[asset]}
          index={0}
          onIndex={() => undefined}
          onClose={() => undefined}
          onDownload={() => undefined}
          onExport={() => undefined}
          onPrepareListing={onPrepareListing}
        />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Prepare listing…' }));
    expect(onPrepareListing).toHaveBeenCalledWith(asset);
  });
});
