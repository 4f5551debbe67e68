import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import type { TestDatabase } from '@printloom/service-kit/testing';
import { RiskDenylistRepository } from '../src/repositories/risk-denylist.repository.js';
import { TrademarkIndexRepository } from '../src/repositories/trademark-index.repository.js';
import { readCaseFileSource } from '../src/trademarks/case-file-reader.js';
import { DENYLIST_SEED } from '../src/trademarks/denylist-seed.js';
import { ordinaryExclusions, syntheticEntry, syntheticMarks } from '../src/trademarks/synthetic-marks.js';
import { importCaseFiles } from '../src/trademarks/trademark-importer.js';
import { TrademarkRiskAssessor } from '../src/trademarks/trademark-risk-assessor.js';
import type { Risk } from '../src/trademarks/risk-assessor.js';
import { FIXTURE, openTrademarkDatabase } from './trademarks-support.js';

interface Labels {
  planted: { serial: string; mark: string; classes: string[] }[];
  exact: { text: string; mark: string }[];
  fuzzy: { text: string; mark: string }[];
  ordinary: string[];
}
const labels = JSON.parse(readFileSync(new URL('./fixtures/risk-labels.json', import.meta.url), 'utf8')) as Labels;
const SYNTHETIC_MARKS = 20_000;

describe('trademark risk flags against the fixture, the seed denylist and a 20k-mark synthetic register', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let assessor: TrademarkRiskAssessor;
  let denylist: RiskDenylistRepository;
  const seller = randomUUID();
  const otherSeller = randomUUID();

  beforeAll(async () => {
    ({ database, dataSource } = await openTrademarkDatabase());
    const index = new TrademarkIndexRepository(dataSource);
    denylist = new RiskDenylistRepository(dataSource);
    await importCaseFiles(readCaseFileSource(FIXTURE), index);
    await index.upsertEntries(labels.planted.map(({ serial, mark, classes }) => syntheticEntry(serial, mark, classes)));
    let batch = [];
    let serial = 80_000_000;
    for (const { mark, classes } of syntheticMarks(SYNTHETIC_MARKS, 29, ordinaryExclusions(labels.ordinary))) {
      batch.push(syntheticEntry(String((serial += 1)), mark, classes));
      if (batch.length === 5000) {
        await index.upsertEntries(batch);
        batch = [];
      }
    }
    await index.upsertEntries(batch);
    await denylist.syncSeed(DENYLIST_SEED);
    assessor = new TrademarkRiskAssessor(index);
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  const flags = (text: string, user = seller) => assessor.assessRisks(text, user);
  const APPAREL = ['025'];
  const hits = (risks: Risk[], mark: string) => risks.some((risk) => risk.mark.toUpperCase() === mark.toUpperCase());

  it('flags an exact or pseudo-mark match high on a product of its class (a tee: 025), other classes low, each mark once', async () => {
    const risks = await assessor.assessRisks('ZENTROVA zentrova Zentrova! Glimmerfox notebook, forever wild', seller, APPAREL);
    expect(risks.filter((risk) => risk.source === 'uspto')).toEqual([
      {
        term: 'forever wild',
        level: 'high',
        source: 'uspto',
        classes: ['025'],
        productClasses: ['025'],
        serial: '90000004',
        mark: '4EVER WILD',
      },
      { term: 'zentrova', level: 'high', source: 'uspto', classes: ['025'], productClasses: ['025'], serial: '90000001', mark: 'ZENTROVA' },
      { term: 'glimmerfox', level: 'low', source: 'uspto', classes: ['016'], productClasses: [], serial: '90000005', mark: 'GLIMMERFOX' },
    ]);
  });

  it('rates a hit by the product it goes on: a poster mark high on a poster, a mug mark high on a mug, each named by its class', async () => {
    // Three fields (a title, a tag, a bullet), each checked on its own.
    const text = ['Glimmerfox poster', 'thunderquill', 'zentrova tee'];
    const rated = async (classes?: string[]) =>
      (await assessor.assessRisks(text, seller, classes))
        .filter((risk) => risk.source === 'uspto')
        .map((risk) => [risk.mark, risk.level, risk.productClasses]);
    expect(await rated(['016'])).toEqual([
      ['GLIMMERFOX', 'high', ['016']],
      ['THUNDERQUILL', 'low', []],
      ['ZENTROVA', 'low', []],
    ]);
    expect(await rated(['021'])).toEqual([
      ['THUNDERQUILL', 'high', ['021']],
      ['GLIMMERFOX', 'low', []],
      ['ZENTROVA', 'low', []],
    ]);
    // No product known yet (the listing panel, /api/risk-check): every ready template's classes.
    const unknownProduct = [
      ['GLIMMERFOX', 'high', ['016']],
      ['THUNDERQUILL', 'high', ['021']],
      ['ZENTROVA', 'high', ['025']],
    ];
    expect(await rated()).toEqual(unknownProduct);
    // One text of three coined words (~1,800 one-typo variants) is answered as well: its typo lookup
    // once scanned the index with every variant per row (18 s on this register).
    const oneText = await assessor.assessRisks('Glimmerfox thunderquill zentrova', seller);
    expect(oneText.filter((risk) => risk.source === 'uspto').map((risk) => [risk.mark, risk.level, risk.productClasses])).toEqual(
      unknownProduct,
    );
  });

  it('indexes marks for bags (018): SILVER FJORD is high on a tote', async () => {
    const [risk] = await assessor.assessRisks('silver fjord', seller, ['018']);
    expect(risk).toMatchObject({ mark: 'SILVER FJORD', level: 'high', classes: ['018', '025'], productClasses: ['018'] });
  });

  it('flags phonetic, one-typo and phrase variants medium, and leaves dead, design-only and other-class marks out', async () => {
    const risks = await flags('starblaise knix moonlit badgr; old anchor outfitters, rocket lawn, velvet vortex');
    expect(risks.map((risk) => [risk.mark, risk.level])).toEqual([
      ['KNOX', 'medium'],
      ['KRIX', 'medium'],
      ['MOONLIT BADGER', 'medium'],
      ['STARBLAZE', 'medium'],
    ]);
  });

  it('does not flag a single everyday word registered alone, nor a near variant of an everyday phrase', async () => {
    expect(await flags('love')).toEqual([]);
    expect(await flags('taco tuesday squad')).toHaveLength(1);
    expect(await flags('taco tuesday squads')).toEqual([]);
  });

  it('never near-matches an everyday English word, but does a respelling, a long typo or words written as one (planted SNORKELDASH, TIDEWRANGLER)', async () => {
    const index = new TrademarkIndexRepository(dataSource);
    await index.upsertEntries([syntheticEntry('92000001', 'VINIL', ['025']), syntheticEntry('92000002', 'LOVIOR', ['025'])]);
    expect(await flags('vinyl junkie, music lover')).toEqual([]);
    expect((await flags('vinnil records')).map((risk) => [risk.mark, risk.level])).toEqual([['VINIL', 'medium']]);
    expect((await flags('snorkel dash club')).map((risk) => [risk.term, risk.mark])).toEqual([['snorkel dash', 'SNORKELDASH']]);
    expect((await flags('snorkle dash')).map((risk) => risk.mark)).toEqual(['SNORKELDASH']);
    expect((await flags('the tidewrangle crew')).map((risk) => risk.mark)).toEqual(['TIDEWRANGLER']);
    expect((await flags('lovior')).map((risk) => [risk.mark, risk.level])).toEqual([['LOVIOR', 'high']]);
  });

  it('flags the seed denylist exactly at its level and near variants medium', async () => {
    expect(await flags('Just Do It.')).toEqual([
      { term: 'just do it', level: 'high', source: 'denylist', classes: ['025'], productClasses: ['025'], mark: 'Just Do It' },
    ]);
    expect(await flags('just did it')).toEqual([
      { term: 'just did it', level: 'medium', source: 'denylist', classes: ['025'], productClasses: ['025'], mark: 'Just Do It' },
    ]);
    expect((await flags('Pokémon trainer')).map((risk) => [risk.mark, risk.level])).toEqual([['Pokemon', 'high']]);
  });

  it("applies a seller's own denylist entries to that seller only, and deletes them with the account", async () => {
    const entry = await denylist.addSellerEntry(seller, { phrase: 'Okayest Runner', level: 'medium', classes: ['025'] });
    expect(await flags("world's okayest runner")).toEqual([
      { term: 'okayest runner', level: 'medium', source: 'denylist', classes: ['025'], productClasses: ['025'], mark: 'Okayest Runner' },
    ]);
    expect(await flags("world's okayest runner", otherSeller)).toEqual([]);
    expect((await denylist.listSellerEntries(seller)).map((row) => row.id)).toEqual([entry.id]);
    expect(await denylist.deleteSellerEntry(otherSeller, entry.id)).toBe(false);
    expect(await denylist.deleteSellerEntry(seller, 'not-a-uuid')).toBe(false);
    await denylist.addSellerEntry(seller, { phrase: 'Second Phrase', level: 'low', classes: [] });
    expect(await denylist.deleteAllForUser(seller)).toBe(2);
    expect(await flags("world's okayest runner")).toEqual([]);
  });

  it('reaches the labelled recall and false-positive figures', async () => {
    const recall = async (cases: { text: string; mark: string }[]) => {
      const missed: string[] = [];
      for (const { text, mark } of cases) if (!hits(await flags(text), mark)) missed.push(`${text} → ${mark}`);
      return { rate: 1 - missed.length / cases.length, missed };
    };
    const exact = await recall(labels.exact);
    const fuzzy = await recall(labels.fuzzy);
    const flagged: string[] = [];
    for (const phrase of labels.ordinary) {
      const risks = await flags(phrase);
      if (risks.length > 0) flagged.push(`${phrase} → ${risks.map((risk) => risk.mark).join(', ')}`);
    }
    const falsePositives = flagged.length / labels.ordinary.length;
    process.stdout.write(
      `${JSON.stringify({ exact: exact.rate, fuzzy: fuzzy.rate, falsePositives, missed: [...exact.missed, ...fuzzy.missed], flagged })}\n`,
    );
    expect(exact.rate).toBeGreaterThanOrEqual(0.95);
    expect(fuzzy.rate).toBeGreaterThanOrEqual(0.85);
    expect(falsePositives).toBeLessThanOrEqual(0.05);
  });
});
