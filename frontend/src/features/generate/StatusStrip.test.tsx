import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { REFUND_MESSAGES } from '@printloom/contracts/messages';
import { FailedPanel, StatusStrip } from './StatusStrip';

/** The spec's status table (product-spec.md, "Job statuses"): what the seller sees for each status. */
const SPEC_STATUS_TABLE = [
  { status: 'idle', label: 'Ready to generate', progress: 0, seconds: null },
  { status: 'queued', label: 'Queued', progress: 10, seconds: 15 },
  { status: 'generating', label: 'Generating images', progress: 40, seconds: 10 },
  { status: 'processing', label: 'Processing', progress: 70, seconds: 5 },
  { status: 'ready', label: 'Ready', progress: 100, seconds: null },
  { status: 'failed', label: 'Failed', progress: 0, seconds: null },
] as const;

describe('status strip', () => {
  it.each(SPEC_STATUS_TABLE)("shows the spec's label and progress for $status", ({ status, label, progress, seconds }) => {
    render(<StatusStrip status={status} />);
    const timeLeft = seconds === null ? '' : `about ${seconds}s left`;
    expect(screen.getByRole('status').textContent).toBe(`${label}${timeLeft}`);
    expect(screen.getByRole('progressbar', { name: 'Generation progress' })).toHaveAttribute('aria-valuenow', String(progress));
  });

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
