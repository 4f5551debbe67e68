import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PromptRiskBanner } from './PromptRiskBanner';

/** A prompt box with its banner, as /generate puts them together. */
function Harness() {
  const [prompt, setPrompt] = useState('');
  return (
    <>
      <label htmlFor="prompt">Describe your design</label>
      <textarea id="prompt" value={prompt} onChange={(event) => setPrompt(event.target.value)} />
      <PromptRiskBanner text={prompt} />
    </>
  );
}

describe('risk flags as the seller types', () => {
  afterEach(() => vi.restoreAllMocks());
  const justDoIt = { term: 'just do it', level: 'high', source: 'denylist', classes: ['025'], mark: 'Just Do It' };

  it('checks the prompt once it rests and names each flagged term, its level, source and class in a live region', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => new Response(JSON.stringify({ risks: [justDoIt] }), { status: 200 }));
    render(<Harness />);
    await userEvent.type(screen.getByLabelText('Describe your design'), 'Just do it, retro');
    const banner = await screen.findByRole('status');
    await waitFor(() => expect(banner.textContent).toContain('“just do it”'));
    expect(banner.textContent).toContain('Just Do It');
    expect(banner.textContent).toMatch(/high/i);
    expect(banner.textContent).toContain('Denylist');
    expect(banner.textContent).toContain('class 025');
    expect(banner.textContent).toContain('not legal advice');
    expect(banner.getAttribute('aria-live')).toBe('polite');
    // One request for the whole burst of keystrokes, with the text as typed.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/risk-check');
    expect(JSON.parse(String(init?.body))).toEqual({ text: 'Just do it, retro' });
  });

  it('aborts the check of an older text when the seller types on, and shows nothing for an emptied prompt', async () => {
    const signals: AbortSignal[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
      signals.push(init!.signal!);
      if (signals.length === 1)
        // The first check hangs until it is aborted.
        return new Promise<Response>((_resolve, reject) =>
          init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      return new Response(JSON.stringify({ risks: [justDoIt] }), { status: 200 });
    });
    render(<Harness />);
    const prompt = screen.getByLabelText('Describe your design');
    await userEvent.type(prompt, 'dog mom');
    await waitFor(() => expect(signals).toHaveLength(1));
    await userEvent.type(prompt, ', just do it');
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Just Do It'));
    expect(signals[0]!.aborted).toBe(true);
    expect(signals[1]!.aborted).toBe(false);
    await userEvent.clear(prompt);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(''));
  });
});
