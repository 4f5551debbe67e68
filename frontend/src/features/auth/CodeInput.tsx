import { Input } from '../../components/ui/input';
import { normaliseCode } from './normalise-code';

/** A 6-digit code box: digits only (pasted text is stripped), completes on the 6th digit. */
export function CodeInput({
  value,
  onChange,
  onComplete,
  label = '6-digit code',
}: {
  value: string;
  onChange: (code: string) => void;
  onComplete?: (code: string) => void;
  label?: string;
}) {
  const accept = (raw: string) => {
    const code = normaliseCode(raw);
    onChange(code);
    if (code.length === 6 && code !== value) onComplete?.(code);
  };
  return (
    <Input
      aria-label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      placeholder="000000"
      className="text-center font-mono text-2xl tracking-[0.5em]"
      value={value}
      onChange={(event) => accept(event.target.value)}
      onPaste={(event) => {
        event.preventDefault();
        accept(event.clipboardData.getData('text'));
      }}
    />
  );
}
