import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toolbar, type ToolbarProps } from './Toolbar';
import { listAssets } from '../api/list-assets';

afterEach(() => vi.restoreAllMocks());

const props: ToolbarProps = {
  starredOnly: false,
  onStarredOnly: vi.fn(),
  layout: 'grid',
  onLayout: vi.fn(),
  search: '',
  onSearch: vi.fn(),
  selectedCount: 0,
  onStarSelected: vi.fn(),
  onDownloadSelected: vi.fn(),
  onDeleteSelected: vi.fn(),
  onClearSelection: vi.fn(),
  onExportSelected: vi.fn(),
  onPrepareListingSelected: vi.fn(),
};

describe('the library filtered by Printify drafts', () => {
  it('offers every design, those with a draft and the published ones', async () => {
    const onPublication = vi.fn();
    render(<Toolbar {...props} publication="all" onPublication={onPublication} />);
    const filter = screen.getByRole('combobox', { name: 'Printify filter' });
    expect([...(filter as HTMLSelectElement).options].map((option) => option.text)).toEqual(['All designs', 'Has a draft', 'Published']);
    await userEvent.selectOptions(filter, 'Has a draft');
    expect(onPublication).toHaveBeenCalledWith('draft');
  });

  it('asks the server for the filtered page', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response(JSON.stringify({ assets: [], nextCursor: null }), { headers: { 'content-type': 'application/json' } }),
      );
    await listAssets({ search: '', starredOnly: false, publication: 'published' }, null);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/assets?publication=published');
  });
});
