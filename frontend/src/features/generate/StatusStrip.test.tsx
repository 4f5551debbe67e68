import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { REFUND_MESSAGES } from '@printloom/contracts/messages';
import { FailedPanel, StatusStrip } from './StatusStrip';

describe('status strip', () => {
  it('shows why a queued job waits, and nothing extra otherwise', () => {
    const { rerender } = render(<StatusStrip status="queued" notice="Waiting: today's image budget is used up." />);
    expect(screen.getByRole('status')).toHaveTextContent("Waiting: today's image budget is used up.");
    rerender(<StatusStrip status="queued" notice={null} />);
    expect(screen.getByRole('status')).not.toHaveTextContent('Waiting');
  });

  it("shows a failed job's own error, and the contracts' refund words when it came without one", () => {
    const { rerender } = render(<FailedPanel error="Your prompt was rejected." />);
    expect(screen.getByRole('alert')).toHaveTextContent('Generation failedYour prompt was rejected.');
    rerender(<FailedPanel error={null} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Your credit was refunded. Please try again.');
    expect(screen.getByRole('alert')).toHaveTextContent(REFUND_MESSAGES.somethingWentWrong);
  });
});
