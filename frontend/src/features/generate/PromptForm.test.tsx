import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { TooltipProvider } from '../../components/ui/tooltip';
import { PromptForm, canGenerate } from './PromptForm';

function Harness({
  credits = 5,
  busy = false,
  onGenerate = vi.fn(),
  onImageChosen = vi.fn(),
}: {
  credits?: number;
  busy?: boolean;
  onGenerate?: (prompt: string) => void;
  onImageChosen?: (file: File) => void;
}) {
  const [prompt, setPrompt] = useState('');
  return (
    <MemoryRouter>
      <TooltipProvider>
        <PromptForm
          prompt={prompt}
          onPromptChange={setPrompt}
          credits={credits}
          busy={busy}
          onGenerate={onGenerate}
          onImageChosen={onImageChosen}
        />
      </TooltipProvider>
    </MemoryRouter>
  );
}

describe('prompt form', () => {
  it('reveals the options on focus and sends the white-background and sticker suffixes', async () => {
    const onGenerate = vi.fn();
    render(<Harness onGenerate={onGenerate} />);
    expect(screen.queryByText('Add outline (sticker effect)')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Describe your design'), 'a cat astronaut');
    await userEvent.click(screen.getByRole('button', { name: 'White' }));
    await userEvent.click(screen.getByLabelText('Add outline (sticker effect)'));
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(onGenerate).toHaveBeenCalledWith('a cat astronaut, on white background, sticker');
  });

  it('keeps Generate disabled for a blank prompt and at 0 credits, with the spec message', async () => {
    const { unmount } = render(<Harness />);
    await userEvent.type(screen.getByLabelText('Describe your design'), '   ');
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
    unmount();
    render(<Harness credits={0} />);
    await userEvent.type(screen.getByLabelText('Describe your design'), 'a cat');
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
    expect(screen.getByText(/No credits remaining. Purchase more to continue./)).toBeInTheDocument();
  });

  it('stops accepting text at 2000 characters', () => {
    render(<Harness />);
    expect(screen.getByLabelText('Describe your design')).toHaveAttribute('maxlength', '2000');
  });

  it('passes on jpeg/png/webp uploads up to 10 MB and silently ignores the rest', async () => {
    const onImageChosen = vi.fn();
    render(<Harness onImageChosen={onImageChosen} />);
    const input = screen.getByLabelText('Upload an image to describe');
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await userEvent.upload(input, big);
    expect(onImageChosen).not.toHaveBeenCalled();
    const small = new File([new Uint8Array(10)], 'small.webp', { type: 'image/webp' });
    await userEvent.upload(input, small);
    expect(onImageChosen).toHaveBeenCalledWith(small);
  });
});

describe('Generate button', () => {
  it('is disabled for an empty or blank prompt, while busy, and at 0 credits', () => {
    expect(canGenerate('a cat', false, 3)).toBe(true);
    expect(canGenerate('   \n', false, 3)).toBe(false);
    expect(canGenerate('a cat', true, 3)).toBe(false);
    expect(canGenerate('a cat', false, 0)).toBe(false);
  });
});
