import { describe, expect, it } from '@jest/globals';
import { hasUnfamiliarWord, isEverydayWord } from './everyday-words.js';
import { oneEditVariants, phoneticRuns, phraseRuns, runsOf, spelledAlike, typoCandidates } from './text-terms.js';

describe('which terms of a text the matcher looks up', () => {
  it('knows everyday English words (the common list and the dictionary forms), never words with digits', () => {
    for (const word of ['lover', 'vinyl', 'season', 'spooky', 'baking', 'golf', 'dog'])
      expect([word, isEverydayWord(word)]).toEqual([word, true]);
    for (const word of ['brixwel', 'zentrowa', 'okayest', '4ever']) expect([word, isEverydayWord(word)]).toEqual([word, false]);
    expect(hasUnfamiliarWord(['coffee', 'lover'])).toBe(false);
    expect(hasUnfamiliarWord(['snorkle', 'dash'])).toBe(true);
  });

  it('tries near matches only for runs with a word that is not everyday English', () => {
    const ordinary = runsOf('Vinyl junkie, spooky season coffee lover');
    expect(phoneticRuns(ordinary)).toEqual([]);
    expect(phraseRuns(ordinary)).toEqual([]);
    expect(typoCandidates(ordinary).filter((candidate) => candidate.variant !== candidate.term.replace(' ', ''))).toEqual([]);

    const respelled = runsOf('starbux coffee');
    expect(phoneticRuns(respelled).map((run) => run.term)).toEqual(['starbux', 'starbux coffee', 'starbux coffee']);
    expect(phraseRuns(respelled)).toEqual([{ term: 'starbux coffee', tokenCount: 2 }]);
    expect(new Set(typoCandidates(respelled).map((candidate) => candidate.term))).toEqual(new Set(['starbux', 'starbux coffee']));
  });

  it('writes two words as one for one-word marks, and a typo includes swapping neighbours', () => {
    expect(typoCandidates(runsOf('snorkel dash'))).toEqual([{ variant: 'snorkeldash', term: 'snorkel dash' }]);
    expect(oneEditVariants('dahs')).toEqual(expect.arrayContaining(['dash', 'dah', 'dahsa', 'dahz']));
    expect(oneEditVariants('dahs')).not.toContain('dahs');
  });

  it('counts a phonetic hit only when spelled alike (a third of the letters may differ)', () => {
    expect(spelledAlike('topazeen', 'topazine')).toBe(true);
    expect(spelledAlike('starbux', 'starbucks')).toBe(true);
    expect(spelledAlike('plant', 'bealunt')).toBe(false);
  });
});
