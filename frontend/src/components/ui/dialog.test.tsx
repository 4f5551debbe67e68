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

/** The opener is re-created while the dialog is open, as a refetched list re-renders its row. */
function OpenerReplaced() {
  const [open, setOpen] = useState(false);
  const [generation, setGeneration] = useState(0);
  return (
    <>
      <button key={generation} type="button" aria-label="Open image 1" onClick={() => setOpen(true)}>
        1
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title="Image Details">
          <button type="button" onClick={() => setGeneration((value) => value + 1)}>
            Refresh the list
          </button>
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

  it('gives the focus to the element that replaced its opener while it was open', async () => {
    render(<OpenerReplaced />);
    const opener = screen.getByRole('button', { name: 'Open image 1' });
    await userEvent.click(opener);
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh the list' }));
    expect(opener.isConnected).toBe(false);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open image 1' })).toHaveFocus());
  });
});
