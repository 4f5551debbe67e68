import type { PngText } from '@printloom/storage';

/** The slogan (the first quoted text) when the prompt has one, else the prompt. */
export function titleOf(prompt: string): string {
  const quoted = /["“”‘’']([^"“”‘’']{2,})["“”‘’']/.exec(prompt)?.[1]?.trim();
  return (quoted || prompt).slice(0, 200);
}

/** What every PNG we hand out says about itself (PNG's own keywords, plus the job and variant). */
export function pngTextOf(asset: { prompt: string; jobId: string | null; variant: string | null; createdAt: Date }): PngText {
  const text: PngText = {
    Title: titleOf(asset.prompt),
    Description: asset.prompt,
    Software: 'Printloom',
    // The PNG specification's suggested form for Creation Time (RFC 1123).
    'Creation Time': asset.createdAt.toUTCString(),
  };
  if (asset.jobId) text['Job ID'] = asset.jobId;
  if (asset.variant) text.Variant = asset.variant;
  return text;
}
