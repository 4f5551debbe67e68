import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Toolbar } from './Toolbar';

const props = {
  starredOnly: false,
  onStarredOnly: vi.fn(),
  layout: 'grid' as const,
  onLayout: vi.fn(),
  search: '',
  onSearch: vi.fn(),
  onStarSelected: vi.fn(),
  onDownloadSelected: vi.fn(),
  onDeleteSelected: vi.fn(),
  onClearSelection: vi.fn(),
  onExportSelected: vi.fn(),
  onPrepareListingSelected: vi.fn(),
};

describe('library toolbar', () => {
  it('announces the selection count in a live region that is there before anything is selected', () => {
    const { rerender } = render(<Toolbar {...props} selectedCount={0} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('');
    rerender(<Toolbar {...props} selectedCount={3} />);
    expect(status).toHaveTextContent('3 images selected');
    rerender(<Toolbar {...props} selectedCount={1} />);
    expect(status).toHaveTextContent('1 image selected');
  });
});
