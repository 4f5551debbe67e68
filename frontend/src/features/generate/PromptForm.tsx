import { useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { ImageUp, Lightbulb, Loader2, Wand2 } from 'lucide-react';
import { LIMITS } from '@printloom/contracts/limits';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { Popover, PopoverContent, PopoverTrigger } from '../../components/ui/popover';
import { Tooltip } from '../../components/ui/tooltip';
import { PromptGuide } from './PromptGuide';
import { UPLOAD_ACCEPT, acceptableUpload } from './upload';
import { withSuffixes } from './status';

export interface PromptFormProps {
  prompt: string;
  onPromptChange: (prompt: string) => void;
  credits: number;
  busy: boolean;
  onGenerate: (prompt: string) => void;
  onImageChosen: (file: File) => void;
  textareaRef?: RefObject<HTMLTextAreaElement | null>;
  /** Shown under the prompt and describing it (the risk banner of the prompt as typed). */
  belowPrompt?: ReactNode;
}

const PROMPT_NOTES_ID = 'prompt-notes';

/** Generate is disabled for an empty prompt, while busy, and at 0 credits. */
export function canGenerate(prompt: string, busy: boolean, credits: number): boolean {
  return prompt.trim().length > 0 && !busy && credits > 0;
}

export function PromptForm({
  prompt,
  onPromptChange,
  credits,
  busy,
  onGenerate,
  onImageChosen,
  textareaRef,
  belowPrompt,
}: PromptFormProps) {
  const [showOptions, setShowOptions] = useState(false);
  const [whiteBackground, setWhiteBackground] = useState(false);
  const [outline, setOutline] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (canGenerate(prompt, busy, credits)) onGenerate(withSuffixes(prompt, { whiteBackground, outline }));
  }

  return (
    <form
      onSubmit={submit}
      className="rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-5 dark:border-zinc-800 dark:bg-zinc-900/60"
    >
      <div className="flex items-center justify-between">
        <label htmlFor="prompt" className="text-sm font-semibold">
          Describe your design
        </label>
        <Popover>
          <PopoverTrigger className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-accent hover:bg-brand-50 dark:hover:bg-brand-600/10">
            <Lightbulb className="size-3.5" aria-hidden /> Prompt tips
          </PopoverTrigger>
          <PopoverContent align="end">
            <p className="mb-2 font-semibold">Writing a great prompt</p>
            <PromptGuide />
          </PopoverContent>
        </Popover>
      </div>
      <textarea
        id="prompt"
        ref={textareaRef}
        rows={3}
        maxLength={LIMITS.promptMaxChars}
        placeholder={`a cat astronaut, 'Space Meow' in retro letters`}
        className="mt-2 w-full resize-y rounded-xl border border-zinc-300 bg-transparent p-3 text-base placeholder:text-placeholder focus:border-brand-500 dark:border-zinc-700"
        value={prompt}
        onFocus={() => setShowOptions(true)}
        onChange={(event) => onPromptChange(event.target.value.slice(0, LIMITS.promptMaxChars))}
        aria-describedby={belowPrompt ? PROMPT_NOTES_ID : undefined}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) submit(event);
        }}
      />
      {belowPrompt && <div id={PROMPT_NOTES_ID}>{belowPrompt}</div>}
      {showOptions && (
        <div className="mt-3 flex flex-wrap items-center gap-x-6 gap-y-3 text-sm">
          <fieldset className="flex items-center gap-2">
            <legend className="sr-only">Background</legend>
            <span className="text-muted" aria-hidden>
              Background
            </span>
            <div className="inline-flex rounded-lg border border-zinc-300 p-0.5 dark:border-zinc-700">
              {(['Black', 'White'] as const).map((colour) => {
                const active = (colour === 'White') === whiteBackground;
                return (
                  <button
                    key={colour}
                    type="button"
                    aria-pressed={active}
                    onClick={() => setWhiteBackground(colour === 'White')}
                    className={cn(
                      'rounded-md px-3 py-1 font-medium',
                      active ? 'bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900' : 'text-muted',
                    )}
                  >
                    {colour}
                  </button>
                );
              })}
            </div>
          </fieldset>
          <label className="flex cursor-pointer items-center gap-2">
            <input
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={outline}
              onChange={(event) => setOutline(event.target.checked)}
            />
            Add outline (sticker effect)
          </label>
        </div>
      )}
      <div className="mt-3 flex items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <input
            ref={fileInput}
            type="file"
            accept={UPLOAD_ACCEPT}
            className="hidden"
            aria-label="Upload an image to describe"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file && acceptableUpload(file)) onImageChosen(file);
            }}
          />
          <Tooltip content="Describe an image (1 credit)">
            <Button
              variant="outline"
              size="icon"
              aria-label="Describe an image"
              onClick={() => fileInput.current?.click()}
              disabled={credits <= 0}
            >
              <ImageUp className="size-4" aria-hidden />
            </Button>
          </Tooltip>
          <span className="text-xs tabular-nums text-muted">
            {prompt.length}/{LIMITS.promptMaxChars}
          </span>
        </div>
        <Button type="submit" disabled={!canGenerate(prompt, busy, credits)}>
          {busy ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Wand2 className="size-4" aria-hidden />}
          Generate
        </Button>
      </div>
      {credits <= 0 && (
        <p className="mt-3 text-sm text-danger">
          No credits remaining. Purchase more to continue.{' '}
          <Link to="/pricing" className="font-semibold underline">
            See plans
          </Link>
        </p>
      )}
    </form>
  );
}
