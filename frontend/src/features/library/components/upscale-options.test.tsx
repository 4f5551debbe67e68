import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { upscaleTooLargeReason } from '@printloom/contracts/limits';
import { upscaleOptions } from './upscale-options';
import { AssetCard } from './AssetCard';
import { cardHandlers, testAsset } from './test-fixtures';
import { Lightbox } from './Lightbox';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../../lib/query-client';

const shirt = testAsset({ job: { prompt: 'Retro sunset' } });

describe('upscale factors that fit', () => {
  it('offers 2× and 4× on a small image, only 2× on a print-size one, none past the limit', () => {
    expect(upscaleOptions({ width: 1024, height: 1024 })).toEqual([
      { factor: 2, reason: null },
      { factor: 4, reason: null },
    ]);
    expect(upscaleOptions(shirt)).toEqual([
      { factor: 2, reason: null },
      { factor: 4, reason: upscaleTooLargeReason(4) },
    ]);
    expect(upscaleOptions({ width: 7000, height: 5000 }).map((option) => option.reason)).toEqual([
      upscaleTooLargeReason(2),
      upscaleTooLargeReason(4),
    ]);
  });

  it('disables 4× in the card menu with the reason', async () => {
    const handlers = cardHandlers();
    render(<AssetCard asset={shirt} index={0} selected={false} layout="grid" handlers={handlers} />);
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    const four = await screen.findByRole('menuitem', { name: /Upscale 4×/ });
    expect(four).toHaveAttribute('data-disabled');
    expect(four).toHaveAttribute('title', 'This image is already large: 4× would exceed 12,000 px.');
    await userEvent.click(screen.getByRole('menuitem', { name: /Upscale 2×/ }));
    expect(handlers.onUpscale).toHaveBeenCalledWith(shirt, 2);
  });

  it('offers the same choice in the lightbox', async () => {
    const onUpscale = vi.fn();
    // The lightbox also asks for the mockups (its strip): an answer that never comes leaves it waiting.
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>(() => undefined));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Lightbox
          assets={[shirt]}
          index={0}
          onIndex={vi.fn()}
          onClose={vi.fn()}
          onDownload={vi.fn()}
          onExport={vi.fn()}
          onUpscale={onUpscale}
        />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('button', { name: /Upscale 4×/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Upscale 4×/ })).toHaveAttribute('title', upscaleTooLargeReason(4));
    await userEvent.click(screen.getByRole('button', { name: /Upscale 2×/ }));
    expect(onUpscale).toHaveBeenCalledWith(shirt, 2);
    fetchMock.mockRestore();
  });
});
