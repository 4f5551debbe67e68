import type { PngText } from '@printloom/storage';

/** The slogan (the first quoted text) when the prompt has one, else the prompt. */
export function titleOf(prompt: string): string {
  const quoted = /["“”‘’']([^"“”‘’']{2,})["“”‘’']/.exec(prompt)?.[1]?.trim();
  return (quoted || prompt).slice(0, 200);
}

/** What every PNG we hand out says about itself (PNG's own keywords, plus the job and variant). */
export function pngTextOf(asset: { prompt: string; job_id: string | null; variant: string | null; created_at: Date | string }): PngText {
  const text: PngText = {
    Title: titleOf(asset.prompt),
    Description: asset.prompt,
    Software: 'Printloom',
    // The PNG specification's suggested form for Creation Time (RFC 1123).
    'Creation Time': new Date(asset.created_at).toUTCString(),
  };
  if (asset.job_id) text['Job ID'] = asset.job_id;
  if (asset.variant) text.Variant = asset.variant;
  return text;
}
