#!/usr/bin/env node
// Risk-check flood benchmark (not a test; issue 37): what a 2,000-character word costs the listings
// service, and what 10 of them in flight cost another seller. The listings service runs as its own
// process (dist/main.js) on a scratch database holding BENCH_MARKS synthetic marks (as risk-check.mjs
// loads them) and on its own nats-server; this process is the client, over NATS, as the gateway is.
// Targets: a 2,000-character word answers within 300 ms; another seller's ordinary check keeps its p50,
// beside 10 such requests in flight, within 1.5x its p50 alone.
//   npm run build -w services/listings && node services/listings/bench/risk-check-flood.mjs
//   (BENCH_MARKS marks, default 200000; BENCH_RUNS ordinary checks per phase, default 150)
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { LISTINGS } from '@printloom/contracts';
import { RpcClient, connectNats, openDatabase } from '@printloom/service-kit';
import { createTestDatabase, startNatsServer, waitFor } from '@printloom/service-kit/testing';
import { listingsDatabase } from '../dist/database/database-options.js';
import { ordinaryExclusions, syntheticEntry, syntheticMarks } from '../dist/trademarks/synthetic-marks.js';
import { DENYLIST_SEED } from '../dist/trademarks/denylist-seed.js';
import { RiskDenylistRepository } from '../dist/repositories/risk-denylist.repository.js';

const MARKS = Number(process.env.BENCH_MARKS ?? 200_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 150);
const FLOOD = 10;
const LONG_RUNS = 20;

const ordinaryTexts = [
  'Funny retro sunset tee for the coffee lover who runs on caffeine and kindness, with a vintage mountain road, pine trees and a tiny camper van; perfect gift for a plant lady, dog mom or best teacher ever who loves weekend hikes, lake days and cozy campfire nights in the woods',
  "World's okayest runner: a distressed athletic design with bold block letters, a stopwatch and sneakers, for marathon training friends, trail runners, gym buddies and anyone who jogs slowly but proudly every single Sunday morning before brunch, pancakes and a very large iced latte",
  'Cute kawaii cat sipping boba tea under cherry blossoms, pastel pink and mint palette, hand drawn line art for a bookish cat mom, anime fans and introverts who love rainy days, fuzzy socks, warm blankets, scented candles and reading fantasy novels by the window all afternoon',
];
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/** A fresh 2,000-letter word each time (no cache on either side helps it). */
const longWord = () => Array.from({ length: 2000 }, () => LETTERS[Math.floor(Math.random() * 26)]).join('');

const [nats, database] = await Promise.all([startNatsServer(), createTestDatabase()]);
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);
let service;
let nc;
try {
  // The listings schema with every migration, then the marks with COPY (indexes dropped, rebuilt after).
  const dataSource = await openDatabase({ url: database.url, ...listingsDatabase, poolSize: 2 });
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
  const copied = new Promise((resolve, reject) =>
    psql.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`psql exited ${code}`)))),
  );
  let serial = 70_000_000;
  let buffer = '';
  for (const { mark, classes } of syntheticMarks(MARKS, 2026, ordinaryExclusions([]))) {
    const entry = syntheticEntry(String((serial += 1)), mark, classes);
    buffer += `${entry.serial}\t${entry.mark}\t${entry.norm}\t${entry.tokenCount}\t${entry.distinctive}\t{${entry.classes.join(',')}}\t700\t{${entry.phoneticKeys.map((key) => `"${key}"`).join(',')}}\t${entry.phoneticKeys.join(' ')}\n`;
    if (buffer.length > 1 << 20) {
      if (!psql.stdin.write(buffer)) await new Promise((resolve) => psql.stdin.once('drain', resolve));
      buffer = '';
    }
  }
  psql.stdin.end(buffer);
  await copied;
  const loadSeconds = seconds(started);
  started = performance.now();
  for (const { indexdef } of indexes) await dataSource.query(indexdef);
  await dataSource.query('ANALYZE listings.trademarks');
  await new RiskDenylistRepository(dataSource).syncSeed(DENYLIST_SEED);
  console.log(`index: ${MARKS} synthetic marks; COPY ${loadSeconds} s, index build ${seconds(started)} s`);
  await dataSource.destroy();

  // The service as production runs it: its own process.
  service = spawn(process.execPath, [new URL('../dist/main.js', import.meta.url).pathname], {
    env: { ...process.env, DATABASE_URL: database.url, NATS_URL: nats.url, HEALTH_PORT: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  nc = await connectNats(nats.url, 'bench');
  // The gateway's plain request budget is 5 s; a flood request may take longer, so the client waits 30 s.
  const rpc = new RpcClient(nc, 30_000);
  await waitFor(
    async () =>
      rpc.request(LISTINGS.riskCheck, { userId: randomUUID(), text: 'ready' }).then(
        () => true,
        () => false,
      ),
    { timeoutMs: 30_000, what: 'the listings service' },
  );

  // A seller checks one text at a time; a new seller id every 50 checks stays under the minute's limit.
  let seller = randomUUID();
  let sent = 0;
  const check = async (text) => {
    if ((sent += 1) % 50 === 0) seller = randomUUID();
    const t = performance.now();
    await rpc.request(LISTINGS.riskCheck, { userId: seller, text });
    return performance.now() - t;
  };
  const quantile = (times, q) => [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(q * times.length))];
  const summary = (times) =>
    `p50 ${quantile(times, 0.5).toFixed(1)} ms, p95 ${quantile(times, 0.95).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`;

  for (let i = 0; i < 20; i += 1) await check(ordinaryTexts[i % 3]);
  const longTimes = [];
  for (let i = 0; i < LONG_RUNS; i += 1) longTimes.push(await check(longWord()));
  const numeralTimes = [];
  for (let i = 0; i < 5; i += 1) numeralTimes.push(await check('ⅷ'.repeat(2000)));
  console.log(`2,000-letter word, alone, ${LONG_RUNS} runs: ${summary(longTimes)} (target < 300 ms)`);
  console.log(`2,000 × 'ⅷ' (8,000 letters once normalised), 5 runs: ${summary(numeralTimes)}`);

  /**
   * 10 requests of a 2,000-letter word always in flight while one other seller checks RUNS ordinary
   * texts one after another. `senders`: 'fresh' gives every request its own seller id (the per-seller
   * limit never refuses one: the worst case, as from thousands of accounts); 'ten' sends from 10 sellers,
   * whom the limit refuses past 60 a minute each (a 429 costs one counter update). `flood` 'ordinary'
   * floods with ordinary texts instead: what any 10 checks in flight cost, for comparison.
   */
  const beside = async (senders, flood = 'long') => {
    const flooders = Array.from({ length: FLOOD }, () => randomUUID());
    let flooding = true;
    let answered = 0;
    let refused = 0;
    const times = [];
    const floods = flooders.map(async (flooder) => {
      while (flooding) {
        const t = performance.now();
        const text = flood === 'long' ? longWord() : ordinaryTexts[answered % 3];
        await rpc.request(LISTINGS.riskCheck, { userId: senders === 'fresh' ? randomUUID() : flooder, text }).then(
          () => (answered += 1),
          (error) => {
            if (error.code !== 'RATE_LIMITED') throw error;
            refused += 1;
          },
        );
        times.push(performance.now() - t);
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const floodStarted = performance.now();
    const ordinary = [];
    for (let i = 0; i < RUNS; i += 1) ordinary.push(await check(ordinaryTexts[i % 3]));
    const floodSeconds = (performance.now() - floodStarted) / 1000;
    flooding = false;
    await Promise.all(floods);
    const ratio = quantile(ordinary, 0.5) / quantile(alone, 0.5);
    console.log(
      `ordinary check beside ${FLOOD} ${flood === 'long' ? '2,000-letter words' : 'ordinary checks'} in flight ` +
        `(${senders === 'fresh' ? 'a new seller id per request' : `from ${FLOOD} sellers`}), ` +
        `${RUNS} runs: ${summary(ordinary)}; p50 ratio ${ratio.toFixed(2)}x (target ≤ 1.5x)`,
    );
    console.log(`  the flood meanwhile: ${answered} answered, ${refused} refused (429) in ${floodSeconds.toFixed(1)} s; ${summary(times)}`);
  };

  const alone = [];
  for (let i = 0; i < RUNS; i += 1) alone.push(await check(ordinaryTexts[i % 3]));
  console.log(`ordinary 300-character check, alone, ${RUNS} runs: ${summary(alone)}`);
  await beside('fresh');
  await beside('ten');
  await beside('fresh', 'ordinary');
  console.log(`load average ${loadavg()[0].toFixed(1)} (other work on the machine shows in these times)`);
} finally {
  await nc?.close();
  if (service) {
    const exited = new Promise((resolve) => service.once('exit', resolve));
    service.kill('SIGTERM');
    await exited;
  }
  await nats.stop();
  await database.drop();
}
