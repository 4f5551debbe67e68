// What a design's prompt says, in the words a listing needs: the slogan as typed, the subject phrase,
// the style words and the niche (who buys it). Light on purpose: listings does not load the design
// engine (and its image libraries) for a few words; the quote rule is the engine's (prompt-parser).

const SINGLE_QUOTED = "(?:[^'‘’]|['’](?=\\p{L}))+?";
const QUOTED = new RegExp(`["“”]([^"“”]+)["“”]|(?:^|[\\s(:])['‘](${SINGLE_QUOTED})['’](?=[\\s.,!?;:)]|$)`, 'gu');

const STYLE_WORDS = new Set([
  'retro',
  'vintage',
  'kawaii',
  'cute',
  'minimalist',
  'minimal',
  'boho',
  'gothic',
  'western',
  'neon',
  'distressed',
  'hand-lettered',
  'comic',
  '70s',
  '80s',
  '90s',
  'hippie',
  'bold',
  'watercolor',
  'watercolour',
  'grunge',
  'cartoon',
  'pastel',
  'groovy',
  'funny',
  'playful',
  'elegant',
  'rustic',
  'modern',
  'classic',
  'pixel',
  'doodle',
  'sketch',
]);
/** Words that describe the request, not the design. */
const FILLER_WORDS = new Set([
  'in',
  'letters',
  'lettering',
  'design',
  'style',
  'styled',
  'colors',
  'colours',
  'text',
  'font',
  'typography',
  'on',
  'background',
  'shirt',
  't-shirt',
  'tee',
  'white',
  'black',
  'transparent',
  'sticker',
  'for',
  'print',
  'art',
  'graphic',
]);
const ARTICLES = new Set(['a', 'an', 'the']);
const SMALL_WORDS = new Set(['a', 'an', 'and', 'the', 'of', 'with', 'in', 'on', 'for', 'to', 'at', 'by', 'or']);

interface Niche {
  words: string[];
  /** Who buys it, for sentences ("made for cat lovers"). */
  audience: string;
  tags: string[];
}

/** Niche words → audience and related tags (maintained by hand; the first match names the audience). */
const NICHES: Niche[] = [
  { words: ['cat', 'cats', 'kitten', 'kitty', 'meow'], audience: 'cat lovers', tags: ['cat lover', 'cat mom', 'kitten'] },
  { words: ['dog', 'dogs', 'puppy', 'pup', 'doggo'], audience: 'dog lovers', tags: ['dog lover', 'dog mom', 'puppy'] },
  { words: ['coffee', 'caffeine', 'espresso', 'latte'], audience: 'coffee lovers', tags: ['coffee lover', 'caffeine', 'coffee addict'] },
  { words: ['fish', 'fishing', 'reel', 'angler'], audience: 'anglers', tags: ['fishing', 'fisherman', 'angler'] },
  { words: ['nurse', 'nursing', 'stethoscope'], audience: 'nurses', tags: ['nurse', 'nursing', 'healthcare worker'] },
  { words: ['teacher', 'teaching', 'school', 'books'], audience: 'teachers', tags: ['teacher', 'teaching', 'back to school'] },
  { words: ['birthday', 'cake', 'party'], audience: 'birthday parties', tags: ['birthday', 'birthday party', 'party outfit'] },
  { words: ['gym', 'workout', 'fitness', 'lifting'], audience: 'gym lovers', tags: ['gym', 'workout', 'fitness'] },
  { words: ['game', 'gamer', 'gaming', 'controller'], audience: 'gamers', tags: ['gamer', 'gaming', 'video games'] },
  { words: ['christmas', 'xmas', 'santa', 'merry'], audience: 'the holidays', tags: ['christmas', 'holiday season', 'xmas'] },
  { words: ['halloween', 'spooky', 'skull', 'pumpkin'], audience: 'Halloween fans', tags: ['halloween', 'spooky', 'autumn'] },
  { words: ['mountain', 'mountains', 'hiking', 'hiker'], audience: 'hikers', tags: ['hiking', 'mountains', 'outdoors'] },
  { words: ['camping', 'camp', 'tent', 'forest'], audience: 'campers', tags: ['camping', 'camper', 'outdoor life'] },
  { words: ['runner', 'running', 'run', 'marathon'], audience: 'runners', tags: ['runner', 'running', 'marathon'] },
  { words: ['plant', 'plants', 'garden', 'gardening'], audience: 'plant lovers', tags: ['plant lover', 'houseplants', 'gardening'] },
  { words: ['cowboy', 'cowgirl', 'howdy', 'horse', 'rodeo'], audience: 'cowboys and cowgirls', tags: ['cowboy', 'cowgirl', 'rodeo'] },
  { words: ['taco', 'tacos'], audience: 'taco lovers', tags: ['taco lover', 'mexican food', 'foodie'] },
  { words: ['code', 'coder', 'coding', 'laptop', 'programmer'], audience: 'programmers', tags: ['programmer', 'coding', 'developer'] },
  { words: ['dinosaur', 'dinosaurs', 'dino', 't-rex'], audience: 'dinosaur fans', tags: ['dinosaur', 'dino', 'prehistoric'] },
  { words: ['lion', 'tiger', 'bear', 'wolf', 'wildlife'], audience: 'animal lovers', tags: ['wildlife', 'animal lover', 'safari'] },
  { words: ['astronaut', 'space', 'galaxy', 'planet', 'rocket'], audience: 'space fans', tags: ['outer space', 'astronaut', 'galaxy'] },
  { words: ['sunset', 'palm', 'beach', 'tropical'], audience: 'beach lovers', tags: ['beach', 'summer', 'tropical'] },
  { words: ['hippie', 'flowers', 'flower', 'groovy', 'peace'], audience: 'free spirits', tags: ['hippie', 'flower power', 'seventies'] },
  { words: ['dad', 'father', 'papa'], audience: 'dads', tags: ['dad', 'father'] },
  { words: ['mom', 'mother', 'mama'], audience: 'moms', tags: ['mom', 'mother'] },
];

export interface CopyBrief {
  /** Quoted text as typed ("Space Meow"). */
  slogan?: string;
  /** The design's subject with its article, for sentences ("a cat astronaut"); empty when only a slogan was typed. */
  subjectPhrase: string;
  /** The same without the article ("cat astronaut"). */
  subject: string;
  /** Content words of the subject (for tags). */
  subjectWords: string[];
  styles: string[];
  audience?: string;
  nicheTags: string[];
}

export function quotedTexts(prompt: string): string[] {
  return [...prompt.matchAll(QUOTED)].map((match) => (match[1] ?? match[2] ?? '').trim()).filter(Boolean);
}

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];

export function readBrief(prompt: string): CopyBrief {
  const [slogan] = quotedTexts(prompt);
  const rest = prompt.replace(QUOTED, ' , ');
  const styles: string[] = [];
  let subjectWords: string[] = [];
  for (const clause of rest.split(/[,;.!?]/)) {
    const words = wordsOf(clause);
    const kept: string[] = [];
    for (const word of words) {
      if (STYLE_WORDS.has(word)) {
        if (!styles.includes(word)) styles.push(word);
      } else if (!FILLER_WORDS.has(word)) kept.push(word);
    }
    while (kept.length && (ARTICLES.has(kept[0]!) || kept[0] === 'with' || kept[0] === 'and')) kept.shift();
    while (kept.length && SMALL_WORDS.has(kept[kept.length - 1]!)) kept.pop();
    if (subjectWords.length === 0 && kept.length > 0) subjectWords = kept;
  }
  const subject = subjectWords.join(' ');
  const everyWord = new Set([...wordsOf(prompt)]);
  const niches = NICHES.filter((niche) => niche.words.some((word) => everyWord.has(word)));
  return {
    slogan,
    subject,
    subjectPhrase: subject ? `${articleFor(subject)} ${subject}` : '',
    subjectWords: subjectWords.filter((word) => !SMALL_WORDS.has(word) && !ARTICLES.has(word)),
    styles: styles.filter((style) => !subjectWords.includes(style)),
    audience: niches[0]?.audience,
    nicheTags: niches.flatMap((niche) => niche.tags),
  };
}

export function articleFor(phrase: string): 'a' | 'an' {
  return /^(?:[aeio]|u(?![ns]i|ni))/i.test(phrase) ? 'an' : 'a';
}

/** Title case for marketplace titles: small words stay lower inside, the rest start upper-case. */
export function titleCase(text: string): string {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((word, index) => (index > 0 && SMALL_WORDS.has(word.toLowerCase()) ? word.toLowerCase() : word[0]!.toUpperCase() + word.slice(1)))
    .join(' ');
}
