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

describe('what one text may cost the matcher (issue 37)', () => {
  const variantsOf = (text: string) => typoCandidates(runsOf(text)).filter((candidate) => !candidate.term.includes(' '));

  it('tries typos only on words of at most 20 letters', () => {
    const twenty = 'zq'.repeat(10);
    expect(variantsOf(twenty).length).toBeGreaterThan(0);
    expect(variantsOf(`${twenty}x`)).toEqual([]);
    // A 2,000-letter word alone makes no variants at all (it made ~104k).
    expect(variantsOf('zqxv'.repeat(500))).toEqual([]);
  });

  it('looks up at most 2,000 typo variants per text, dropping the longest words first', () => {
    // Coined words of 6 to 20 letters: together well over 2,000 variants.
    const words = Array.from({ length: 15 }, (_, i) => 'zqxvkj'.repeat(4).slice(0, 6 + i));
    const candidates = variantsOf(words.join(' '));
    expect(candidates.length).toBeLessThanOrEqual(2000);
    const kept = new Set(candidates.map((candidate) => candidate.term));
    const longestKept = Math.max(...[...kept].map((word) => word.length));
    expect(longestKept).toBeLessThan(20);
    // Every word shorter than the longest one kept is kept: only the longest go.
    for (const word of words) expect([word, kept.has(word)]).toEqual([word, word.length <= longestKept]);
    // A word that alone fits is never dropped for the count of longer ones.
    expect(kept.has(words[0]!)).toBe(true);
  });

  it('gives no phonetic key to a run of more than 64 letters (no mark is that long)', () => {
    expect(phoneticRuns(runsOf('zq'.repeat(32))).map((run) => run.term)).toEqual(['zq'.repeat(32)]);
    expect(phoneticRuns(runsOf('zq'.repeat(33)))).toEqual([]);
  });

  it('caps a text at 2,000 characters after NFKD: ⅷ counts as the 4 letters it becomes', () => {
    expect('ⅷ'.normalize('NFKD')).toBe('viii');
    const runs = runsOf('ⅷ'.repeat(2000));
    expect(runs.map((run) => run.term.length)).toEqual([2000]);
    expect(runs[0]!.term === 'viii'.repeat(500)).toBe(true);
    // 2,000 characters as typed, 2,002 once 'ﬃ' is 'ffi': the last word is past the cap.
    const typed = `${'a'.repeat(1992)} ﬃ zzyzx`;
    expect(typed).toHaveLength(2000);
    expect(runsOf(typed).some((run) => run.term.includes('zzyzx'))).toBe(false);
    expect(runsOf(typed).some((run) => run.term === 'ffi')).toBe(true);
  });
});
