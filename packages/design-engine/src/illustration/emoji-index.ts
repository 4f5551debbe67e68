import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Emoji sets whose licences allow selling prints (no share-alike sets). */
export const EMOJI_SETS = {
  'fluent-emoji-flat': { package: '@iconify-json/fluent-emoji-flat', licence: 'MIT', author: 'Microsoft Corporation' },
  noto: { package: '@iconify-json/noto', licence: 'Apache-2.0', author: 'Google Inc' },
} as const;
export type EmojiSetId = keyof typeof EMOJI_SETS;

/**
 * Words whose obvious picture keyword search would miss or rank below a lookalike
 * ('coffee' → hot beverage, not a brown heart; 'nurse' → stethoscope, not a person).
 */
const OBVIOUS_PICTURES: Record<string, string> = {
  coffee: '☕',
  espresso: '☕',
  latte: '☕',
  caffeine: '☕',
  tea: '🍵',
  beer: '🍺',
  wine: '🍷',
  cocktail: '🍸',
  cat: '🐱',
  kitty: '🐱',
  kitten: '🐱',
  meow: '🐱',
  dog: '🐶',
  puppy: '🐶',
  doggo: '🐶',
  pup: '🐶',
  nurse: '🩺',
  nursing: '🩺',
  doctor: '🩺',
  medical: '🩺',
  teacher: '🍎',
  teaching: '🍎',
  school: '📚',
  reading: '📚',
  book: '📚',
  books: '📚',
  fishing: '🎣',
  fisherman: '🎣',
  angler: '🎣',
  fish: '🐟',
  bass: '🐟',
  birthday: '🎂',
  bday: '🎂',
  party: '🎉',
  celebration: '🎉',
  gym: '💪',
  workout: '💪',
  fitness: '💪',
  lifting: '🏋️',
  muscle: '💪',
  strong: '💪',
  gaming: '🎮',
  gamer: '🎮',
  game: '🎮',
  games: '🎮',
  controller: '🎮',
  arcade: '👾',
  christmas: '🎄',
  xmas: '🎄',
  santa: '🎅',
  halloween: '🎃',
  pumpkin: '🎃',
  thanksgiving: '🦃',
  easter: '🐰',
  valentine: '💘',
  valentines: '💘',
  mountain: '🏔️',
  mountains: '🏔️',
  hiking: '🥾',
  camping: '🏕️',
  camp: '🏕️',
  outdoors: '🏕️',
  adventure: '🧭',
  palm: '🌴',
  beach: '🏖️',
  summer: '☀️',
  sun: '☀️',
  ocean: '🌊',
  wave: '🌊',
  surf: '🏄',
  surfing: '🏄',
  space: '🚀',
  astronaut: '🧑‍🚀',
  rocket: '🚀',
  moon: '🌙',
  planet: '🪐',
  star: '⭐',
  stars: '⭐',
  galaxy: '🌌',
  skull: '💀',
  skeleton: '💀',
  ghost: '👻',
  witch: '🧙',
  heart: '❤️',
  love: '❤️',
  mom: '💐',
  mama: '💐',
  mother: '💐',
  dad: '👔',
  father: '👔',
  grandpa: '👴',
  grandma: '👵',
  music: '🎵',
  guitar: '🎸',
  rock: '🎸',
  dance: '💃',
  pizza: '🍕',
  taco: '🌮',
  tacos: '🌮',
  donut: '🍩',
  cake: '🎂',
  plant: '🪴',
  plants: '🪴',
  garden: '🌻',
  gardening: '🌻',
  flower: '🌸',
  flowers: '🌸',
  bee: '🐝',
  cowboy: '🤠',
  cowgirl: '🤠',
  horse: '🐴',
  car: '🚗',
  truck: '🚚',
  motorcycle: '🏍️',
  bike: '🚲',
  cycling: '🚲',
  football: '🏈',
  soccer: '⚽',
  basketball: '🏀',
  baseball: '⚾',
  golf: '⛳',
  tennis: '🎾',
  running: '🏃',
  yoga: '🧘',
  dinosaur: '🦖',
  dino: '🦖',
  unicorn: '🦄',
  dragon: '🐉',
  bear: '🐻',
  fox: '🦊',
  owl: '🦉',
  frog: '🐸',
  shark: '🦈',
  turtle: '🐢',
  money: '💰',
  crown: '👑',
  queen: '👑',
  king: '👑',
  fire: '🔥',
  lightning: '⚡',
  rainbow: '🌈',
  earth: '🌍',
  nature: '🌿',
  tree: '🌲',
  forest: '🌲',
  travel: '✈️',
  plane: '✈️',
  camera: '📷',
  photography: '📷',
  art: '🎨',
  artist: '🎨',
  code: '💻',
  coding: '💻',
  programmer: '💻',
  developer: '💻',
  chef: '🍳',
  cooking: '🍳',
  baking: '🧁',
  beard: '🧔',
  sleep: '😴',
  tired: '😴',
};

const CATEGORY_PENALTY: Record<string, number> = { 'People & Body': 25, 'Smileys & Emotion': 15, Symbols: 30, Flags: 60 };

interface Entry {
  name: string;
  slugWords: string[];
  keywords: string[];
  category: string;
}

interface SetIndex {
  entries: Entry[];
  nameOfChar: Map<string, string>;
  icons: IconifyJson;
}

export interface IconifyJson {
  prefix: string;
  icons: Record<string, { body: string; width?: number; height?: number }>;
  aliases?: Record<string, { parent: string }>;
  width?: number;
  height?: number;
}

const codepoints = (char: string) =>
  Array.from(char)
    .map((symbol) => symbol.codePointAt(0)!.toString(16))
    .filter((hex) => hex !== 'fe0f')
    .join('-');

const readJson = <T>(path: string): T => JSON.parse(readFileSync(require.resolve(path), 'utf8')) as T;

const indexes = new Map<EmojiSetId, SetIndex>();

function indexOf(set: EmojiSetId): SetIndex {
  let index = indexes.get(set);
  if (index) return index;
  const pkg = EMOJI_SETS[set].package;
  const icons = readJson<IconifyJson>(`${pkg}/icons.json`);
  const chars = readJson<Record<string, string>>(`${pkg}/chars.json`);
  const metadata = readJson<{ categories?: Record<string, string[]> }>(`${pkg}/metadata.json`);
  const categoryOf = new Map<string, string>();
  for (const [category, names] of Object.entries(metadata.categories ?? {})) for (const name of names) categoryOf.set(name, category);
  const keywordsOfChar = readJson<Record<string, string[]>>('emojilib');
  const nameOfChar = new Map<string, string>();
  const entries: Entry[] = [];
  for (const [char, [slug = '', ...keywords]] of Object.entries(keywordsOfChar)) {
    const name = chars[codepoints(char)];
    if (!name || !icons.icons[name]) continue;
    nameOfChar.set(codepoints(char), name);
    entries.push({
      name,
      slugWords: slug.toLowerCase().split('_'),
      keywords: keywords.map((keyword) => keyword.toLowerCase()),
      category: categoryOf.get(name) ?? '',
    });
  }
  index = { entries, nameOfChar, icons };
  indexes.set(set, index);
  return index;
}

function score(entry: Entry, word: string): number {
  let best = 0;
  if (entry.slugWords.join(' ') === word) best = 100;
  else if (entry.slugWords.includes(word)) best = 80 - 4 * (entry.slugWords.length - 1);
  const position = entry.keywords.indexOf(word);
  if (position >= 0) best = Math.max(best, 60 - Math.min(position, 20));
  return best === 0 ? 0 : best - (CATEGORY_PENALTY[entry.category] ?? 0);
}

function singular(word: string): string[] {
  if (word.endsWith('ies')) return [word.slice(0, -3) + 'y'];
  if (word.endsWith('es')) return [word.slice(0, -2), word.slice(0, -1)];
  if (word.endsWith('s')) return [word.slice(0, -1)];
  return [];
}

const MIN_SCORE = 35;

export interface Illustration {
  set: EmojiSetId;
  name: string;
  /** The word it was found for. */
  word: string;
}

interface Match extends Illustration {
  score: number;
}

// As good as an emoji named exactly like the word, so two such words keep the order they were typed in.
const OBVIOUS_SCORE = 100;

function bestMatch(word: string, set: EmojiSetId): Match | undefined {
  const index = indexOf(set);
  for (const candidate of [word, ...singular(word)]) {
    const obvious = OBVIOUS_PICTURES[candidate];
    const obviousName = obvious && index.nameOfChar.get(codepoints(obvious));
    if (obviousName) return { set, name: obviousName, word, score: OBVIOUS_SCORE };
    let best: { entry: Entry; score: number } | undefined;
    for (const entry of index.entries) {
      const value = score(entry, candidate);
      if (
        value >= MIN_SCORE &&
        (!best || value > best.score || (value === best.score && entry.slugWords.length < best.entry.slugWords.length))
      )
        best = { entry, score: value };
    }
    if (best) return { set, name: best.entry.name, word, score: best.score };
  }
  return undefined;
}

/** The best picture for one word in one set, or nothing when no emoji is a good match. */
export function findIllustration(word: string, set: EmojiSetId): Illustration | undefined {
  const match = bestMatch(word, set);
  return match && { set: match.set, name: match.name, word: match.word };
}

/**
 * Pictures for the subjects, one per distinct picture: the words that name an object best first
 * ('coffee' before 'steaming'), then in the order typed.
 */
export function findIllustrations(subjects: readonly string[], set: EmojiSetId, limit = 3): Illustration[] {
  const matches = subjects
    .map((word, position) => ({ match: bestMatch(word, set), position }))
    .filter((entry): entry is { match: Match; position: number } => !!entry.match)
    .sort((left, right) => right.match.score - left.match.score || left.position - right.position);
  const found: Illustration[] = [];
  for (const { match } of matches) {
    if (!found.some((existing) => existing.name === match.name)) found.push({ set: match.set, name: match.name, word: match.word });
    if (found.length === limit) break;
  }
  return found;
}

export function iconSetData(set: EmojiSetId): IconifyJson {
  return indexOf(set).icons;
}
