import type { DesignBrief } from '../brief/prompt-parser.js';
import { withoutQuotes, wordsOf } from '../brief/prompt-parser.js';
import { findIllustration, findIllustrations, type EmojiSetId, type Illustration } from '../illustration/emoji-index.js';

/** Where the picture happens: drawn behind the subject, as a vector sun or as a big picture. */
export type Setting = { kind: 'sun'; word: string } | { kind: 'picture'; word: string; illustration: Illustration };

/** What the prompt asks to see: a subject, up to two props, a setting; three elements at most. */
export interface Scene {
  subject?: Illustration;
  props: Illustration[];
  setting?: Setting;
}

export const MAX_SCENE_ELEMENTS = 3;

/** Words that name a place or a time rather than a thing: drawn behind, not beside. */
const SETTING_WORDS: Record<string, 'sun' | 'picture'> = {
  sunset: 'sun',
  sunrise: 'sun',
  sundown: 'sun',
  dusk: 'sun',
  beach: 'picture',
  mountain: 'picture',
  mountains: 'picture',
  landscape: 'picture',
  forest: 'picture',
  woods: 'picture',
  space: 'picture',
  galaxy: 'picture',
  ocean: 'picture',
  sea: 'picture',
  desert: 'picture',
  city: 'picture',
  island: 'picture',
  night: 'picture',
  snow: 'picture',
  winter: 'picture',
};

/** A landscape names no picture of its own: the mountains stand for it. */
const SETTING_PICTURE_WORD: Record<string, string> = {
  landscape: 'mountain',
  woods: 'forest',
  night: 'moon',
  winter: 'snowflake',
  snow: 'snowflake',
  sea: 'ocean',
};

/** Head nouns that only repeat the word before them ('palm trees', 'coffee mug'). */
const REPEATING_HEADS = new Set(['tree', 'trees', 'cup', 'cups', 'mug', 'mugs']);

const slugWordsOf = (illustration: Illustration) => illustration.name.split('-');

/**
 * The scene the prompt names, read in the engine's own vocabulary: the best-named thing is the subject,
 * the next ones are props, a place word is the setting. A describing word whose picture is a kind of the
 * subject ('grumpy' → pouting cat for 'cat') becomes the subject itself rather than a second cat.
 */
export function readScene(brief: DesignBrief, set: EmojiSetId): Scene {
  const words = wordsOf(withoutQuotes(brief.idea));
  const settingWord = words.find((word) => SETTING_WORDS[word]);
  const things = brief.subjects.filter((word, index) => !SETTING_WORDS[word] && !(index > 0 && REPEATING_HEADS.has(word)));
  const found = findIllustrations(things, set, 4);
  let pictures = [...found];
  // A describing word's picture that is a kind of another found thing ('pouting-cat' for 'cat') stands in for it.
  for (const specific of found) {
    const general = found.find((other) => other !== specific && slugWordsOf(specific).includes(other.word));
    if (general && things.indexOf(specific.word) < things.indexOf(general.word)) {
      pictures = pictures
        .filter((picture) => picture !== specific)
        .map((picture) => (picture === general ? { ...specific, word: general.word } : picture));
    }
  }
  let setting: Setting | undefined;
  if (settingWord) {
    if (SETTING_WORDS[settingWord] === 'sun') setting = { kind: 'sun', word: settingWord };
    else {
      const illustration = findIllustration(SETTING_PICTURE_WORD[settingWord] ?? settingWord, set);
      if (illustration && !pictures.some((picture) => picture.name === illustration.name))
        setting = { kind: 'picture', word: settingWord, illustration };
    }
  }
  // A place alone is the picture itself.
  if (pictures.length === 0 && setting?.kind === 'picture') return { subject: setting.illustration, props: [] };
  const [subject, ...rest] = pictures;
  const room = MAX_SCENE_ELEMENTS - 1 - (setting ? 1 : 0);
  return { subject, props: subject ? rest.slice(0, room) : [], setting };
}

/** How many elements a scene draws. */
export const sceneSize = (scene: Scene): number => (scene.subject ? 1 : 0) + scene.props.length + (scene.setting ? 1 : 0);
