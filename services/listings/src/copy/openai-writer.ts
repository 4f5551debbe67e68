import { DISTINCT_LISTINGS, LISTING_RULES, type ListingCopy, type ListingTarget } from '@printloom/contracts';
import type { CopyRequest, CopyWriter } from './copy-writer.js';
import { DIRECTION_WORDS } from './direction-words.js';

/** What the model is told of the design's look and of the phrases the risk check flagged. */
function designLines(request: CopyRequest): string[] {
  const lines: string[] = [];
  if (request.variant) {
    const direction = DIRECTION_WORDS[request.variant];
    lines.push(
      `This design is the "${direction.title}" look of several drawn from the same prompt: begin the title with "${direction.title}" ` +
        `and make at least ${LISTING_RULES.etsy.tagsMax - DISTINCT_LISTINGS.sharedTagsMax} tags about that look (for example: ${direction.tags.slice(0, 5).join(', ')}).`,
    );
  }
  const avoid = request.avoid ?? [];
  if (avoid.length > 0)
    lines.push(
      `Trademark risk: never use these phrases in the title or the tags, in any spelling: ${avoid.map((phrase) => `"${phrase.term}"`).join(', ')}. ` +
        'Write around them with the design’s subject. The description may quote the text printed on the design, and then must say ' +
        `it is flagged as a trademark risk (${avoid.map((phrase) => `${phrase.mark}: ${phrase.level} risk`).join('; ')}).`,
    );
  return lines;
}

export interface OpenAiWriterOptions {
  apiKey: string;
  baseUrl: string;
  model: string;
  timeoutMs: number;
}

/** Structured output: the model must answer exactly this object (Chat Completions `json_schema`, strict). */
export const LISTING_COPY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'tags', 'description', 'bullets', 'brand'],
  properties: {
    title: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' } },
    description: { type: 'string' },
    bullets: { type: 'array', items: { type: 'string' } },
    brand: { type: 'string' },
  },
} as const;

/** The marketplace's rules, in the words the model is given (the validators check the answer anyway). */
function rulesOf(target: ListingTarget): string {
  if (target === 'etsy') {
    const rules = LISTING_RULES.etsy;
    return [
      `Marketplace: Etsy. Title at most ${rules.titleMaxChars} characters; the characters % : & + at most once each.`,
      `Exactly ${rules.tagsMax} different tags, each at most ${rules.tagMaxChars} characters, only letters, digits, spaces, hyphens and apostrophes, none starting with a hyphen or apostrophe.`,
      'The title only letters, digits, punctuation, maths symbols and spaces: no emoji, no fractions or superscripts (½ ²).',
      'The description must say the design was made with AI assistance and name the seller as designer ("Designed by …").',
      'bullets: an empty list.',
    ].join('\n');
  }
  if (target === 'merch') {
    const rules = LISTING_RULES.merch;
    return [
      `Marketplace: Merch by Amazon. Title at most ${rules.titleMaxChars} characters; brand at most ${rules.brandMaxChars}.`,
      `Exactly ${rules.bulletsMax} bullets, each at most ${rules.bulletMaxChars} characters; description at most ${rules.descriptionMaxChars}.`,
      `Up to ${rules.tagsMax} search tags of at most ${rules.tagMaxChars} characters.`,
      'No promotional wording (best seller, sale, free shipping, gift for, 100% cotton, discount…) and no other brand names.',
      'No Amazon marks (Amazon, Prime, Alexa, Kindle, Echo), no charity or proceeds claims, no web or e-mail addresses.',
    ].join('\n');
  }
  const rules = LISTING_RULES.generic;
  return [
    `A generic shop listing. Title at most ${rules.titleMaxChars} characters.`,
    `Exactly ${rules.tagsMax} different tags of at most ${rules.tagMaxChars} characters; 2 bullets of at most ${rules.bulletMaxChars}.`,
  ].join('\n');
}

export function copyMessages(request: CopyRequest): Array<{ role: 'system' | 'developer' | 'user'; content: string }> {
  const shop = request.profile?.shopName.trim();
  const brand = request.profile?.brand.trim();
  return [
    {
      role: 'system',
      content:
        'You write print-on-demand T-shirt listings in plain, natural English. No keyword stuffing, no repeated tags, ' +
        'no claims about sales or prices, no trademarks or brand names other than the seller’s own. Answer in the JSON schema given.',
    },
    {
      role: 'user',
      content: [
        rulesOf(request.target),
        shop ? `The seller's shop: ${shop}.` : 'The seller has not named a shop: say "Designed by our shop" and name no shop.',
        brand ? `The seller's brand: ${brand}.` : 'The seller has no brand: brand is an empty string; name no brand.',
        `The design was made from this prompt (a slogan in quotes is printed on the shirt): ${request.prompt}`,
        ...designLines(request),
      ].join('\n'),
    },
  ];
}

export class CopyWriterError extends Error {}

const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((each) => typeof each === 'string');

/**
 * Copy from OpenAI's text model through Chat Completions with a strict JSON schema. One attempt, no
 * retries: a failure falls back to the local writer (the caller decides), so a listing never waits long.
 */
export class OpenAiCopyWriter implements CopyWriter {
  readonly billable = true;
  readonly name: string;

  constructor(private readonly options: OpenAiWriterOptions) {
    this.name = `openai:${options.model}`;
  }

  async write(request: CopyRequest): Promise<ListingCopy> {
    const base = this.options.baseUrl.endsWith('/') ? this.options.baseUrl : `${this.options.baseUrl}/`;
    let response: Response;
    try {
      response = await fetch(new URL('chat/completions', base), {
        method: 'POST',
        headers: { authorization: `Bearer ${this.options.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: this.options.model,
          messages: copyMessages(request),
          response_format: { type: 'json_schema', json_schema: { name: 'listing_copy', strict: true, schema: LISTING_COPY_SCHEMA } },
        }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      throw new CopyWriterError(`the text model could not be reached: ${(error as Error).message}`);
    }
    if (!response.ok) throw new CopyWriterError(`the text model answered ${response.status}`);
    const body = (await response.json().catch(() => null)) as {
      choices?: Array<{ message?: { content?: string | null; refusal?: string | null } }>;
    } | null;
    const message = body?.choices?.[0]?.message;
    if (!message?.content)
      throw new CopyWriterError(message?.refusal ? `the text model refused: ${message.refusal}` : 'the text model answered no copy');
    let parsed: unknown;
    try {
      parsed = JSON.parse(message.content);
    } catch {
      throw new CopyWriterError('the text model answered something other than JSON');
    }
    const copy = parsed as Partial<Record<keyof ListingCopy, unknown>>;
    if (
      typeof copy.title !== 'string' ||
      typeof copy.description !== 'string' ||
      typeof copy.brand !== 'string' ||
      !isStringArray(copy.tags) ||
      !isStringArray(copy.bullets)
    )
      throw new CopyWriterError('the text model answered copy of the wrong shape');
    return {
      title: copy.title.trim(),
      tags: copy.tags.map((tag) => tag.trim()),
      description: copy.description.trim(),
      bullets: copy.bullets.map((bullet) => bullet.trim()),
      brand: copy.brand.trim(),
    };
  }
}
