import { describe, expect, it } from '@jest/globals';
import type { TrademarkIndexRepository } from '../repositories/trademark-index.repository.js';
import { normaliseText } from './normalise.js';
import { TrademarkRiskAssessor, usptoLevel } from './trademark-risk-assessor.js';

const userId = '00000000-0000-4000-8000-000000000001';

/** The matcher over an in-memory index: one USPTO mark (exact lookups only) and one denylist phrase. */
function assessorWith(mark: { serial: string; mark: string; classes: string[] }, phrase = 'Glitter Goblin Club') {
  const looked: string[][] = [];
  const index = {
    findMatches: async (query: { exact: string[] }) => {
      looked.push(query.exact);
      const norm = normaliseText(mark.mark);
      return {
        matches: query.exact.includes(norm)
          ? [{ kind: 'exact', term: norm, serial: mark.serial, mark: mark.mark, norm, tokenCount: 1, classes: mark.classes }]
          : [],
        denylist: [
          {
            id: '1',
            origin: 'seed' as const,
            userId: null,
            phrase,
            norm: normaliseText(phrase),
            level: 'high' as const,
            classes: [],
            createdAt: new Date(0),
          },
        ],
      };
    },
  } as unknown as TrademarkIndexRepository;
  return { assessor: new TrademarkRiskAssessor(index), looked };
}

describe('a hit rated by the product it will go on', () => {
  it('rates an exact live mark high in the product’s class, a near one medium, a mark of other classes low', () => {
    expect(usptoLevel('exact', ['021'], ['021'])).toBe('high');
    expect(usptoLevel('pseudo', ['016', '025'], ['016'])).toBe('high');
    expect(usptoLevel('phonetic', ['021'], ['021'])).toBe('medium');
    expect(usptoLevel('exact', ['025'], ['021'])).toBe('low');
    expect(usptoLevel('exact', ['009'], ['016', '018', '021', '025'])).toBe('low');
  });

  it('rates a mug mark high on a mug, low on a tee, and against every ready product when none is named, naming the class', async () => {
    const { assessor } = assessorWith({ serial: '90000008', mark: 'THUNDERQUILL', classes: ['021'] });
    const onMug = await assessor.assessRisks('thunderquill coffee', userId, ['021']);
    expect(onMug).toEqual([
      {
        term: 'thunderquill',
        level: 'high',
        source: 'uspto',
        classes: ['021'],
        productClasses: ['021'],
        serial: '90000008',
        mark: 'THUNDERQUILL',
      },
    ]);
    expect((await assessor.assessRisks('thunderquill coffee', userId, ['025']))[0]).toMatchObject({ level: 'low', productClasses: [] });
    expect((await assessor.assessRisks('thunderquill coffee', userId))[0]).toMatchObject({ level: 'high', productClasses: ['021'] });
  });

  it('rates a tote mark (class 018) high on a tote', async () => {
    const { assessor } = assessorWith({ serial: '90000015', mark: 'SILVER FJORD', classes: ['018'] });
    expect((await assessor.assessRisks('silver fjord', userId, ['018']))[0]).toMatchObject({ level: 'high', productClasses: ['018'] });
    expect((await assessor.assessRisks('silver fjord', userId, ['025']))[0]).toMatchObject({ level: 'low' });
  });
});

describe('each field checked on its own', () => {
  const longDescription = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');

  it('checks a brand after a 400-word description (the fields were joined and cut at 200 words)', async () => {
    const { assessor, looked } = assessorWith({ serial: '90000001', mark: 'ZENTROVA', classes: ['025'] });
    const risks = await assessor.assessRisks(['Cat Tee', '', longDescription, '', 'Zentrova'], userId, ['025']);
    expect(risks.map((risk) => [risk.mark, risk.level])).toEqual([['ZENTROVA', 'high']]);
    // The description's own cap still holds: 200 of its 400 words are read.
    expect(looked[0]).toContain('word199');
    expect(looked[0]).not.toContain('word200');
  });

  it('never matches a phrase across two tags or two fields', async () => {
    const { assessor } = assessorWith({ serial: '90000001', mark: 'ZENTROVA', classes: ['025'] });
    expect(await assessor.assessRisks(['glitter goblin', 'club'], userId)).toEqual([]);
    expect(await assessor.assessRisks(['glitter\ngoblin club'], userId)).toEqual([]);
    expect((await assessor.assessRisks(['a glitter goblin club tee'], userId)).map((risk) => risk.mark)).toEqual(['Glitter Goblin Club']);
  });
});
