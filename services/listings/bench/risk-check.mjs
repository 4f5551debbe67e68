#!/usr/bin/env node
// Risk-check benchmark (not a test): a million synthetic marks (English word groups and coined words,
// services/listings/src/trademarks/synthetic-marks.ts) plus the USPTO fixture and the labelled list's
// planted marks, loaded with COPY into a scratch database; then the p50/p95 of assessRisks on
// 300-character texts from one client, and the labelled recall and false-positive figures at that size.
//   npm run build -w services/listings && node services/listings/bench/risk-check.mjs   (BENCH_MARKS to change the size)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { openDatabase } from '@printloom/service-kit';
import { createTestDatabase } from '@printloom/service-kit/testing';
import { RiskDenylistRepository } from '../dist/repositories/risk-denylist.repository.js';
import { TrademarkIndexRepository } from '../dist/repositories/trademark-index.repository.js';
import { readCaseFileSource } from '../dist/trademarks/case-file-reader.js';
import { DENYLIST_SEED } from '../dist/trademarks/denylist-seed.js';
import { ordinaryExclusions, syntheticEntry, syntheticMarks } from '../dist/trademarks/synthetic-marks.js';
import { importCaseFiles } from '../dist/trademarks/trademark-importer.js';
import { TRADEMARK_DATABASE_SETTINGS, TRADEMARK_MIGRATIONS } from '../dist/trademarks/trademark-migrations.js';
import { TrademarkRiskAssessor } from '../dist/trademarks/trademark-risk-assessor.js';

const MARKS = Number(process.env.BENCH_MARKS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const labels = JSON.parse(readFileSync(new URL('../test/fixtures/risk-labels.json', import.meta.url), 'utf8'));
const fixture = new URL('../test/fixtures/uspto-daily-synthetic.xml', import.meta.url).pathname;

const database = await createTestDatabase();
const dataSource = await openDatabase({
  url: database.url,
  schema: 'listings',
  migrations: TRADEMARK_MIGRATIONS,
  settings: TRADEMARK_DATABASE_SETTINGS,
  poolSize: 2,
});
const index = new TrademarkIndexRepository(dataSource);
const denylist = new RiskDenylistRepository(dataSource);
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);

try {
  // Index definitions as the migration makes them, dropped for the load and rebuilt after it (timed).
  const indexes = await dataSource.query(
    `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'listings' AND tablename = 'trademarks' AND indexname <> 'trademarks_pkey'`,
  );
  for (const { indexname } of indexes) await dataSource.query(`DROP INDEX listings.${indexname}`);

  let started = performance.now();
  const psql = spawn(
    'psql',
    [
      database.url,
      '-q',
      '-c',
      `\\copy listings.trademarks (serial, mark, norm, token_count, distinctive, classes, status_code, phonetic_keys, phonetic) FROM STDIN`,
    ],
    { stdio: ['pipe', 'inherit', 'inherit'] },
  );
  const done = new Promise((resolve, reject) =>
    psql.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`psql exited ${code}`)))),
  );
  let serial = 70_000_000;
  let buffer = '';
  // The register leaves out the ordinary phrases themselves (and their runs of 2+ words), as real
  // registers mostly lack them; BENCH_EXCLUDE_ORDINARY=0 keeps them in, to see what exact matches of
  // all-everyday-word marks ("DOG MOM", registered) would flag.
  const exclude = process.env.BENCH_EXCLUDE_ORDINARY === '0' ? new Set() : ordinaryExclusions(labels.ordinary);
  for (const { mark, classes } of syntheticMarks(MARKS, 2026, exclude)) {
    const entry = syntheticEntry(String((serial += 1)), mark, classes);
    buffer += `${entry.serial}\t${entry.mark}\t${entry.norm}\t${entry.tokenCount}\t${entry.distinctive}\t{${entry.classes.join(',')}}\t700\t{${entry.phoneticKeys.map((key) => `"${key}"`).join(',')}}\t${entry.phoneticKeys.join(' ')}\n`;
    if (buffer.length > 1 << 20) {
      if (!psql.stdin.write(buffer)) await new Promise((resolve) => psql.stdin.once('drain', resolve));
      buffer = '';
    }
  }
  psql.stdin.end(buffer);
  await done;
  const loadSeconds = seconds(started);
  started = performance.now();
  for (const { indexdef } of indexes) await dataSource.query(indexdef);
  await dataSource.query('ANALYZE listings.trademarks');
  const indexSeconds = seconds(started);
  await importCaseFiles(readCaseFileSource(fixture), index);
  await index.upsertEntries(labels.planted.map(({ serial: s, mark, classes }) => syntheticEntry(s, mark, classes)));
  await denylist.syncSeed(DENYLIST_SEED);
  const rows = await index.count();
  console.log(`index: ${rows} marks; COPY ${loadSeconds} s, index build ${indexSeconds} s`);

  const assessor = new TrademarkRiskAssessor(index);
  const user = randomUUID();
  const texts = [
    'Funny retro sunset tee for the coffee lover who runs on caffeine and kindness, with a vintage mountain road, pine trees and a tiny camper van; perfect gift for a plant lady, dog mom or best teacher ever who loves weekend hikes, lake days and cozy campfire nights in the woods',
    "World's okayest runner: a distressed athletic design with bold block letters, a stopwatch and sneakers, for marathon training friends, trail runners, gym buddies and anyone who jogs slowly but proudly every single Sunday morning before brunch, pancakes and a very large iced latte",
    'Cute kawaii cat sipping boba tea under cherry blossoms, pastel pink and mint palette, hand drawn line art for a bookish cat mom, anime fans and introverts who love rainy days, fuzzy socks, warm blankets, scented candles and reading fantasy novels by the window all afternoon',
  ].map((text) => text.slice(0, 300));
  for (let i = 0; i < 20; i += 1) await assessor.assessRisks(texts[i % texts.length], user);
  const times = [];
  for (let i = 0; i < RUNS; i += 1) {
    const t = performance.now();
    await assessor.assessRisks(texts[i % texts.length], user);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
  console.log(
    `risk check, 300-character text, one client, ${RUNS} runs: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms ` +
      `(load average ${loadavg()[0].toFixed(1)}: other work on the machine shows in these times)`,
  );

  const hits = (risks, mark) => risks.some((risk) => risk.mark.toUpperCase() === mark.toUpperCase());
  const recall = async (cases) => {
    const missed = [];
    for (const { text, mark } of cases) if (!hits(await assessor.assessRisks(text, user), mark)) missed.push(`${text} → ${mark}`);
    return { rate: (1 - missed.length / cases.length).toFixed(3), missed };
  };
  const flagged = [];
  for (const phrase of labels.ordinary) {
    const risks = await assessor.assessRisks(phrase, user);
    if (risks.length > 0) flagged.push(`${phrase} → ${risks.map((risk) => risk.mark).join(', ')}`);
  }
  const exact = await recall(labels.exact);
  const fuzzy = await recall(labels.fuzzy);
  console.log(
    `labelled list at ${rows} marks: recall exact/case/punctuation ${exact.rate} (${labels.exact.length - exact.missed.length}/${labels.exact.length}), ` +
      `recall one-typo/phonetic ${fuzzy.rate} (${labels.fuzzy.length - fuzzy.missed.length}/${labels.fuzzy.length}), ` +
      `false positives ${flagged.length}/${labels.ordinary.length} ordinary phrases`,
  );
  for (const line of [...exact.missed, ...fuzzy.missed]) console.log(`  missed: ${line}`);
  for (const line of flagged) console.log(`  flagged: ${line}`);
} finally {
  await dataSource.destroy();
  // BENCH_KEEP_DATABASE=1 leaves the loaded index for EXPLAIN ANALYZE (drop it by hand afterwards).
  if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`kept: ${database.url}`);
  else await database.drop();
}
