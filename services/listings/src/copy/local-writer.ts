import {
  DISTINCT_LISTINGS,
  LISTING_RULES,
  charCount,
  type ListingCopy,
  type ListingTarget,
  type SellerProfile,
  type VariantLetter,
} from '@printloom/contracts';
import type { CopyRequest, CopyWriter } from './copy-writer.js';
import { readBrief, titleCase, articleFor, type CopyBrief } from './copy-brief.js';
import { DIRECTION_WORDS } from './direction-words.js';
import { holdsAny, withoutAny, type FlaggedPhrase } from './flagged-phrases.js';

export interface LocalWriteOptions {
  variant?: VariantLetter | null;
  avoid?: readonly FlaggedPhrase[];
}

/** Tags that fit any printed tee, used after the design's own words run out (each one at most once). */
const FILLER_TAGS = [
  'graphic tee',
  'unisex t-shirt',
  'crew neck tee',
  'casual top',
  'everyday tee',
  'illustrated tee',
  'original artwork',
  'cotton tee',
  'printed top',
  'trendy top',
  'streetwear',
  'art tee',
  'novelty tee',
];

/** Tag characters (Etsy's): letters, digits, spaces, hyphens and apostrophes. */
const cleanTag = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’]/g, "'")
    .replace(/[^\p{L}\p{M}\p{N} '-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The slogan as a title may carry it: Etsy's characters, and none of % : & + more than once. */
function cleanTitleText(text: string): string {
  let cleaned = text
    .replace(/[^\p{L}\p{M}\p{N}\p{P}\p{Sm} ™©®]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  for (const character of LISTING_RULES.etsy.titleOnceChars) {
    const first = cleaned.indexOf(character);
    if (first >= 0)
      cleaned =
        cleaned.slice(0, first + 1) +
        cleaned
          .slice(first + 1)
          .split(character)
          .join(' ');
  }
  return cleaned.replace(/\s+/g, ' ').trim();
}

/** A word of 4+ letters used more than twice reads as keyword stuffing. */
export function repeatsWords(text: string): boolean {
  const counts = new Map<string, number>();
  for (const word of text.toLowerCase().match(/[\p{L}']{4,}/gu) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
  return [...counts.values()].some((count) => count > 2);
}

/** The first candidate that fits and repeats no word for search, else the last one cut at a word boundary. */
function fitting(candidates: string[], max: number): string {
  const found = candidates.find((candidate) => candidate && charCount(candidate) <= max && !repeatsWords(candidate));
  if (found) return found;
  const words = candidates[candidates.length - 1]!.split(' ');
  let cut = '';
  for (const word of words) {
    const next = cut ? `${cut} ${word}` : word;
    if (charCount(next) > max) break;
    cut = next;
  }
  return cut || [...candidates[0]!].slice(0, max).join('');
}

/**
 * Up to `count` different tags, none holding an avoided phrase. With a direction, at most
 * DISTINCT_LISTINGS.sharedTagsMax come from the prompt (what the designs of one job share) and the rest
 * from the direction's own list.
 */
function tagsOf(brief: CopyBrief, count: number, maxChars: number, options: LocalWriteOptions): string[] {
  const main = brief.subjectWords[brief.subjectWords.length - 1];
  const style = brief.styles[0];
  const candidates = [
    brief.slogan ?? '',
    brief.subject,
    ...brief.nicheTags,
    style && main ? `${style} ${main}` : '',
    main ? `${main} shirt` : '',
    style ? `${style} shirt` : '',
    ...brief.styles.slice(1),
    ...FILLER_TAGS,
  ];
  const direction = options.variant ? DIRECTION_WORDS[options.variant] : undefined;
  const avoid = options.avoid ?? [];
  const tags: string[] = [];
  const seen = new Set<string>();
  const take = (from: readonly string[], upTo: number) => {
    for (const candidate of from) {
      if (tags.length >= upTo) return;
      const tag = cleanTag(candidate);
      if (!tag || charCount(tag) > maxChars || seen.has(tag) || holdsAny(tag, avoid)) continue;
      seen.add(tag);
      tags.push(tag);
    }
  };
  if (!direction) {
    take(candidates, count);
    return tags;
  }
  take(candidates, Math.min(count, DISTINCT_LISTINGS.sharedTagsMax));
  take(direction.tags, count);
  return tags;
}

/** Names that keep their capital inside a sentence. */
const PROPER = /\b(christmas|halloween|easter|thanksgiving|valentine's|hanukkah)\b/g;
const sentence = (text: string) => {
  const named = text.replace(PROPER, (word) => word[0]!.toUpperCase() + word.slice(1));
  return named[0]!.toUpperCase() + named.slice(1);
};

/**
 * Copy written offline from the design's own words: the slogan as typed, the subject, the style and
 * the niche's audience, in plain sentences; every tag different, no word repeated for search.
 */
export class LocalCopyWriter implements CopyWriter {
  readonly name = 'local';
  readonly billable = false;

  async write(request: CopyRequest): Promise<ListingCopy> {
    return writeLocally(request.target, request.prompt, request.profile, { variant: request.variant, avoid: request.avoid });
  }
}

/**
 * The prompt's brief without the avoided phrases: a flagged slogan leaves the title and tags (the
 * design's subject carries them), a flagged word leaves the subject and the niche tags.
 */
function briefAvoiding(brief: CopyBrief, avoid: readonly FlaggedPhrase[]): CopyBrief {
  if (avoid.length === 0) return brief;
  const subject = withoutAny(brief.subject, avoid);
  return {
    ...brief,
    slogan: brief.slogan && holdsAny(brief.slogan, avoid) ? undefined : brief.slogan,
    subject,
    subjectPhrase: subject ? `${articleFor(subject)} ${subject}` : '',
    subjectWords: brief.subjectWords.filter((word) => !holdsAny(word, avoid) && subject.split(' ').includes(word)),
    styles: brief.styles.filter((style) => !holdsAny(style, avoid)),
    nicheTags: brief.nicheTags.filter((tag) => !holdsAny(tag, avoid)),
  };
}

/**
 * Where the design's own printed text holds a flagged phrase, the description quotes it (it is what the
 * buyer sees on the shirt) and names the risk, so the seller decides with it in view.
 */
function riskNote(slogan: string, avoid: readonly FlaggedPhrase[]): string {
  const held = avoid.filter((phrase) => holdsAny(slogan, [phrase]));
  if (held.length === 0) return '';
  const named = held.map((phrase) => `${phrase.mark} (${phrase.level} risk, ${phrase.source === 'uspto' ? 'USPTO register' : 'denylist'})`);
  return `Trademark risk: the printed text "${slogan}" matches ${named.join(', ')}. Check it before you sell.`;
}

export function writeLocally(
  target: ListingTarget,
  prompt: string,
  profile: SellerProfile | null,
  options: LocalWriteOptions = {},
): ListingCopy {
  const avoid = options.avoid ?? [];
  const typed = readBrief(prompt);
  const brief = briefAvoiding(typed, avoid);
  const lead = options.variant ? DIRECTION_WORDS[options.variant].title : '';
  /** The title candidates led by the direction, each without an avoided phrase (the last one made safe). */
  const titled = (candidates: string[]) => {
    const all = candidates.map((title) => (lead && title ? `${lead} ${title}` : title));
    const last = withoutAny(all[all.length - 1]!, avoid) || lead || 'Graphic Tee';
    return [...all.slice(0, -1).filter((title) => !holdsAny(title, avoid)), last];
  };
  const shop = profile?.shopName.trim() || '';
  const brand = profile?.brand.trim() || '';
  const slogan = brief.slogan ? cleanTitleText(brief.slogan) : '';
  /** The slogan as printed, quoted in the description even when the title and tags leave it out. */
  const printed = typed.slogan ? cleanTitleText(typed.slogan) : '';
  const note = riskNote(printed, avoid);
  const styleText = brief.styles.join(' ');
  const subjectTitle = titleCase(cleanTitleText(brief.subject));
  const describedTitle = titleCase([styleText, cleanTitleText(brief.subject)].filter(Boolean).join(' '));
  const audienceTitle = brief.audience ? titleCase(brief.audience) : '';

  const what = brief.subject
    ? `${articleFor(styleText || brief.subject)} ${[styleText, brief.subject].filter(Boolean).join(' ')} design`
    : `${articleFor(styleText || 'typographic')} ${styleText || 'typographic'} design`;
  const opening = sentence(`${printed ? `"${printed}": ` : ''}${what}${brief.audience ? ` for ${brief.audience}` : ''}`);
  const designer = shop ? `Designed by ${shop}` : 'Designed by our shop';
  const disclosure = `${designer} with AI assistance: the artwork started as an AI-generated draft that the designer chose, refined and prepared for print.`;
  // Bullets are search text on Merch: they name the slogan only where the title may.
  const bulletOpening = sentence(`${slogan ? `"${slogan}": ` : ''}${what}${brief.audience ? ` for ${brief.audience}` : ''}`);
  const bullets = [
    `${bulletOpening}.`,
    `Original artwork prepared for print on demand${brand ? ` under the ${brand} brand` : ''}, with a clear front print that reads well from a distance.`,
  ];

  if (target === 'merch') {
    const rules = LISTING_RULES.merch;
    const title = fitting(
      titled([
        slogan && describedTitle ? `${slogan} - ${describedTitle}` : '',
        slogan && subjectTitle ? `${slogan} - ${subjectTitle}` : '',
        slogan || describedTitle || 'Graphic Tee',
      ]),
      rules.titleMaxChars,
    );
    return {
      title,
      tags: tagsOf(brief, rules.tagsMax, rules.tagMaxChars, options),
      description: [`${sentence(opening)}, printed on demand.`, note, disclosure].filter(Boolean).join('\n\n'),
      bullets: bullets.map((bullet) => fitting([bullet], rules.bulletMaxChars)),
      brand: fitting([brand], rules.brandMaxChars),
    };
  }

  const rules = target === 'etsy' ? LISTING_RULES.etsy : LISTING_RULES.generic;
  const audience = audienceTitle && brief.audience !== 'the holidays' ? ` for ${audienceTitle}` : '';
  const title = fitting(
    titled([
      slogan && describedTitle ? `${slogan} T-Shirt, ${describedTitle} Graphic Tee${audience}` : '',
      slogan && describedTitle ? `${slogan} T-Shirt, ${describedTitle} Graphic Tee` : '',
      slogan ? `${slogan} T-Shirt, ${titleCase(styleText || 'typographic')} Graphic Tee${audience}` : '',
      describedTitle ? `${describedTitle} T-Shirt, Graphic Tee${audience}` : '',
      slogan || describedTitle || 'Graphic Tee',
    ]),
    rules.titleMaxChars,
  );
  const description = [
    `${sentence(opening)}, printed on demand on a soft unisex T-shirt.`,
    note,
    disclosure,
    'Each shirt is printed when you order it, so please allow a few days for production before it ships.',
    'Care: wash inside out in cold water and tumble dry low.',
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    title,
    tags: tagsOf(brief, rules.tagsMax, rules.tagMaxChars, options),
    description,
    bullets: target === 'generic' ? bullets : [],
    brand,
  };
}
