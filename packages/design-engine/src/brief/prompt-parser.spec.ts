import { describe, expect, it } from '@jest/globals';
import { parsePrompt, quotedTexts } from './prompt-parser.js';

describe('quotedTexts', () => {
  it('reads double, curly and single quotes, keeping the text exactly as typed', () => {
    expect(quotedTexts(`a cat astronaut, 'Space Meow' in retro letters`)).toEqual(['Space Meow']);
    expect(quotedTexts('"But First, Coffee" and “Nap Queen”')).toEqual(['But First, Coffee', 'Nap Queen']);
  });

  it('keeps apostrophes inside a quoted slogan and ignores them outside quotes', () => {
    expect(quotedTexts(`'Don't Worry' dad's fishing trip`)).toEqual(["Don't Worry"]);
    expect(quotedTexts(`World's okayest runner`)).toEqual([]);
    expect(quotedTexts(`mom's 'Nap Queen' shirt`)).toEqual(['Nap Queen']);
    expect(quotedTexts(`“World's Best Dad” with a grill`)).toEqual(["World's Best Dad"]);
    expect(quotedTexts(`a dog's birthday party`)).toEqual([]);
  });
});

describe('parsePrompt', () => {
  it('separates slogan, subjects, styles and colours', () => {
    const brief = parsePrompt(`fishing dad with a fish, 'Reel Cool Dad' retro sunset, orange and teal`);
    expect(brief.slogan).toBe('Reel Cool Dad');
    expect(brief.subjects).toEqual(['fishing', 'dad', 'fish']);
    expect(brief.styles).toEqual(['retro']);
    expect(brief.colours).toEqual(['orange', 'teal']);
  });

  it('knows style synonyms and several styles at once', () => {
    expect(parsePrompt('cute spooky ghost, hand lettered').styles).toEqual(['kawaii', 'gothic', 'hand-lettered']);
    expect(parsePrompt('grunge 70s flower power').styles).toEqual(['distressed', 'groovy']);
  });

  it('keeps words that are both a colour and a thing as subjects', () => {
    const brief = parsePrompt('coffee and chocolate donuts');
    expect(brief.colours).toEqual(['brown']);
    expect(brief.subjects).toEqual(['coffee', 'chocolate', 'donuts']);
  });

  it('derives a short title from the idea when nothing is quoted', () => {
    const brief = parsePrompt('a majestic lion wearing a crown');
    expect(brief.slogan).toBeUndefined();
    expect(brief.title).toBe('Majestic Lion Crown');
  });

  it('leaves slogan words and repeats out of the title', () => {
    expect(parsePrompt(`fishing dad with a fish, 'Reel Cool Dad'`).title).toBe('Fishing');
  });

  it('still has a title for an idea made only of style words', () => {
    expect(parsePrompt('retro vintage neon').title).toBe('Good Vibes');
  });

  it('reads the background option and the sticker effect the form appends', () => {
    expect(parsePrompt("'Game On' controller, on white background").background).toBe('white');
    expect(parsePrompt('skull for a black shirt').background).toBe('black');
    expect(parsePrompt('a frog').background).toBeUndefined();
    expect(parsePrompt("'Hoppy' frog, sticker").sticker).toBe(true);
    expect(parsePrompt("'Hoppy' frog, sticker").subjects).toEqual(['frog']);
    expect(parsePrompt('a frog').sticker).toBe(false);
  });
});
