import { LISTING_RULES, charCount, type ListingCopy, type ListingTarget, type SellerProfile } from '@printloom/contracts';
import type { CopyRequest, CopyWriter } from './copy-writer.js';
import { readBrief, titleCase, articleFor, type CopyBrief } from './copy-brief.js';

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

function tagsOf(brief: CopyBrief, count: number, maxChars: number): string[] {
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
  const tags: string[] = [];
  const seen = new Set<string>();
  for (const candidate of candidates) {
    const tag = cleanTag(candidate);
    if (!tag || charCount(tag) > maxChars || seen.has(tag)) continue;
    seen.add(tag);
    tags.push(tag);
    if (tags.length === count) break;
  }
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
    return writeLocally(request.target, request.prompt, request.profile);
  }
}

export function writeLocally(target: ListingTarget, prompt: string, profile: SellerProfile | null): ListingCopy {
  const brief = readBrief(prompt);
  const shop = profile?.shopName.trim() || '';
  const brand = profile?.brand.trim() || '';
  const slogan = brief.slogan ? cleanTitleText(brief.slogan) : '';
  const styleText = brief.styles.join(' ');
  const subjectTitle = titleCase(cleanTitleText(brief.subject));
  const describedTitle = titleCase([styleText, cleanTitleText(brief.subject)].filter(Boolean).join(' '));
  const audienceTitle = brief.audience ? titleCase(brief.audience) : '';

  const what = brief.subject
    ? `${articleFor(styleText || brief.subject)} ${[styleText, brief.subject].filter(Boolean).join(' ')} design`
    : `${articleFor(styleText || 'typographic')} ${styleText || 'typographic'} design`;
  const lead = sentence(`${slogan ? `"${slogan}": ` : ''}${what}${brief.audience ? ` for ${brief.audience}` : ''}`);
  const designer = shop ? `Designed by ${shop}` : 'Designed by our shop';
  const disclosure = `${designer} with AI assistance: the artwork started as an AI-generated draft that the designer chose, refined and prepared for print.`;
  const bullets = [
    `${sentence(lead)}.`,
    `Original artwork prepared for print on demand${brand ? ` under the ${brand} brand` : ''}, with a clear front print that reads well from a distance.`,
  ];

  if (target === 'merch') {
    const rules = LISTING_RULES.merch;
    const title = fitting(
      [
        slogan && describedTitle ? `${slogan} - ${describedTitle}` : '',
        slogan && subjectTitle ? `${slogan} - ${subjectTitle}` : '',
        slogan || describedTitle,
      ],
      rules.titleMaxChars,
    );
    return {
      title,
      tags: tagsOf(brief, rules.tagsMax, rules.tagMaxChars),
      description: [`${sentence(lead)}, printed on demand.`, disclosure].join('\n\n'),
      bullets: bullets.map((bullet) => fitting([bullet], rules.bulletMaxChars)),
      brand: fitting([brand], rules.brandMaxChars),
    };
  }

  const rules = target === 'etsy' ? LISTING_RULES.etsy : LISTING_RULES.generic;
  const audience = audienceTitle && brief.audience !== 'the holidays' ? ` for ${audienceTitle}` : '';
  const title = fitting(
    [
      slogan && describedTitle ? `${slogan} T-Shirt, ${describedTitle} Graphic Tee${audience}` : '',
      slogan && describedTitle ? `${slogan} T-Shirt, ${describedTitle} Graphic Tee` : '',
      slogan ? `${slogan} T-Shirt, ${titleCase(styleText || 'typographic')} Graphic Tee${audience}` : '',
      describedTitle ? `${describedTitle} T-Shirt, Graphic Tee${audience}` : '',
      slogan || describedTitle,
    ],
    rules.titleMaxChars,
  );
  const description = [
    `${sentence(lead)}, printed on demand on a soft unisex T-shirt.`,
    disclosure,
    'Each shirt is printed when you order it, so please allow a few days for production before it ships.',
    'Care: wash inside out in cold water and tumble dry low.',
  ].join('\n\n');
  return {
    title,
    tags: tagsOf(brief, rules.tagsMax, rules.tagMaxChars),
    description,
    bullets: target === 'generic' ? bullets : [],
    brand,
  };
}
