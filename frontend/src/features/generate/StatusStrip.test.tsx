import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { StatusStrip } from './StatusStrip';

describe('status strip', () => {
  it('shows why a queued job waits, and nothing extra otherwise', () => {
    const { rerender } = render(<StatusStrip status="queued" notice="Waiting: today's image budget is used up." />);
    expect(screen.getByRole('status')).toHaveTextContent("Waiting: today's image budget is used up.");
    rerender(<StatusStrip status="queued" notice={null} />);
    expect(screen.getByRole('status')).not.toHaveTextContent('Waiting');
  });
});
