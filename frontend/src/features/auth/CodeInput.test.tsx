import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CodeInput } from './CodeInput';

function Harness({ onComplete }: { onComplete: (code: string) => void }) {
  const [code, setCode] = useState('');
  return <CodeInput value={code} onChange={setCode} onComplete={onComplete} />;
}

describe('6-digit code input', () => {
  it('is numeric and offers one-time codes', () => {
    render(<Harness onComplete={() => undefined} />);
    const input = screen.getByLabelText('6-digit code');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('keeps digits only and completes once, on the 6th digit', async () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    const input = screen.getByLabelText('6-digit code');
    await userEvent.type(input, '12a34');
    expect(input).toHaveValue('1234');
    expect(onComplete).not.toHaveBeenCalled();
    await userEvent.type(input, '567');
    expect(input).toHaveValue('123456');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('strips pasted non-digits and trims to 6', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    const input = screen.getByLabelText('6-digit code');
    fireEvent.paste(input, { clipboardData: { getData: () => 'Code: 987-654-321' } });
    expect(input).toHaveValue('987654');
    expect(onComplete).toHaveBeenCalledWith('987654');
  });
});
