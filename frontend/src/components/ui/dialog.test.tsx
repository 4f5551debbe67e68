import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog, DialogContent } from './dialog';

/** A dialog opened from state, as the gallery's buttons do (no DialogTrigger to return to). */
function OpenedFromState() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Image details
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title="Image Details">
          <button type="button">Inside</button>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('dialog focus', () => {
  it('moves the focus into the dialog and gives it back to the button that opened it', async () => {
    render(<OpenedFromState />);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Image details' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Image Details' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Image details' })).toHaveFocus();
  });
});
