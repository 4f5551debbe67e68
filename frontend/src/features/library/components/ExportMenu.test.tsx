import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { EXPORT_PRESETS } from '@printloom/contracts/export-presets';
import { createQueryClient } from '../../../lib/query-client';
import { ToastProvider } from '../../../components/ui/toast';
import { resetToasts } from '../../../components/ui/toast-store';
import { AssetCard } from './AssetCard';
import { cardHandlers, testAsset } from './test-fixtures';
import { Toolbar } from './Toolbar';
import { useAssetActions } from '../hooks/use-asset-actions';

const asset = testAsset();

const presetsAnswer = () =>
  new Response(JSON.stringify({ presets: EXPORT_PRESETS }), { status: 200, headers: { 'content-type': 'application/json' } });

function withProviders(ui: React.ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>{ui}</ToastProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  act(() => resetToasts());
  vi.restoreAllMocks();
});

describe('"Export for…"', () => {
  it('lists the presets (name and size) in the card\u2019s more menu and exports the one picked', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => presetsAnswer());
    const handlers = cardHandlers();
    const user = userEvent.setup();
    withProviders(<AssetCard asset={asset} index={0} selected={false} layout="grid" handlers={handlers} />);
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Export for…' }));
    const sticker = await screen.findByRole('menuitem', { name: /Sticker 3×3 in/ });
    expect(sticker).toHaveTextContent('900 × 900 px · 3 × 3 in');
    expect(screen.getAllByRole('menuitem', { name: / px · / })).toHaveLength(EXPORT_PRESETS.length); // the presets, not the disabled upscale's reason
    expect(fetchMock.mock.calls[0][0]).toBe('/api/export-presets');
    // Picked with the keyboard: jsdom has no layout, so a pointer leaving the sub-trigger closes the submenu.
    act(() => sticker.focus());
    await user.keyboard('{Enter}');
    expect(handlers.onExport).toHaveBeenCalledWith(asset, 'sticker-3in');
  });

  it('exports a selection from the selection bar with the preset picked', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => presetsAnswer());
    const onExportSelected = vi.fn();
    const user = userEvent.setup();
    const noop = () => undefined;
    withProviders(
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
        onExportSelected={onExportSelected}
        onPrepareListingSelected={noop}
        onDeleteSelected={noop}
        onClearSelection={noop}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Export for…' }));
    await user.click(await screen.findByRole('menuitem', { name: /Poster 18×24 in/ }));
    expect(onExportSelected).toHaveBeenCalledWith('poster-18x24');
  });

  it('downloads the fitted file from the download route, a selection as a ZIP, and shows the server\u2019s refusal in the "Download failed" toast', async () => {
    const refusal = "This image exported for Merch by Amazon T-shirt would be 31.2 MB, over that product's 25.0 MB limit";
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ error: refusal, code: 'UNPROCESSABLE' }), { status: 422 }));
    let actions!: ReturnType<typeof useAssetActions>;
    function Probe() {
      actions = useAssetActions();
      return null;
    }
    withProviders(<Probe />);
    await act(() => actions.exportFor([asset], 'merch-by-amazon-tshirt'));
    expect(fetchMock.mock.calls[0][0]).toBe(`/api/download/${asset.id}?preset=merch-by-amazon-tshirt`);
    expect(screen.getByText('Download failed')).toBeInTheDocument();
    expect(screen.getByText(refusal)).toBeInTheDocument();

    await act(() => actions.exportFor([asset, { ...asset, id: '00000000-0000-4000-8000-0000000000a2' }], 'tote'));
    expect(fetchMock.mock.calls[1][0]).toBe(`/api/download/zip?ids=${asset.id}%2C00000000-0000-4000-8000-0000000000a2&preset=tote`);
  });
});
