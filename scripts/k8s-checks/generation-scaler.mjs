// Generation's scaling and stop rules against the code: the KEDA trigger watches exactly the contracts'
// consumers (scripts/generation-scaling.mjs) and promtool adds up a known backlog with its query.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import { WAITING_ROWS_METRIC, backlogQuery, generationConcurrency, generationConsumers } from '../generation-scaling.mjs';
import { canonical, root } from './objects.mjs';

/** Generation's configuration defaults (services/generation/src/config.ts) for what its Deployment does not set. */
export const GENERATION_DEFAULTS = (() => {
  const source = readFileSync(path.join(root, 'services/generation/src/config.ts'), 'utf8');
  const defaultOf = (name) => {
    const match = new RegExp(`${name}: z[^;]*?\\.default\\(([\\d_]+)\\)`).exec(source);
    if (!match) throw new Error(`services/generation/src/config.ts: no numeric default for ${name}`);
    return Number(match[1].replaceAll('_', ''));
  };
  return Object.fromEntries(['OPENAI_TIMEOUT_MS', 'JOB_ACK_WAIT_MS'].map((name) => [name, defaultOf(name)]));
})();

/**
 * The ScaledObject watches what the code creates: one Prometheus trigger (the HPA takes the max over
 * triggers, not the sum) whose query names exactly the contracts' consumers and the waiting-rows gauge,
 * with a target per pod equal to the Deployment's GENERATION_CONCURRENCY, set explicitly. promtool then
 * evaluates the rendered query on series as the NATS exporters and the generation replicas report them.
 */
export function checkGenerationScaler(fail, scalers, generation) {
  const scaler = scalers.find((object) => object.spec.scaleTargetRef.name === 'generation');
  if (scalers.length !== 1 || !scaler) return fail('generation must be scaled by exactly one KEDA ScaledObject');
  const concurrency = generationConcurrency(generation);
  if (!Number.isInteger(concurrency)) fail('Deployment/generation must set GENERATION_CONCURRENCY explicitly (the scaler divides by it)');
  const triggers = scaler.spec.triggers ?? [];
  const trigger = triggers[0];
  if (triggers.length !== 1 || trigger.type !== 'prometheus')
    return fail(
      `ScaledObject/generation needs one prometheus trigger on the whole backlog (found ${triggers.map((entry) => entry.type).join(', ')})`,
    );
  if ((trigger.metricType ?? 'AverageValue') !== 'AverageValue' || trigger.metadata.threshold !== String(concurrency))
    fail(
      `ScaledObject/generation: the target per pod must be GENERATION_CONCURRENCY (${concurrency}) as an AverageValue, not ${trigger.metadata.threshold}`,
    );
  if (!scaler.spec.fallback) fail('ScaledObject/generation: a fallback keeps workers when Prometheus does not answer');
  const namespace = generation?.metadata.namespace;
  const query = trigger.metadata.query ?? '';
  const consumers = generationConsumers();
  const watched = [...new Set(query.match(/generation-workers-t\d+/g) ?? [])];
  if (canonical([...watched].sort()) !== canonical([...consumers].sort()))
    fail(`ScaledObject/generation: its query watches ${watched.join(', ') || 'no consumer'}, the code creates ${consumers.join(', ')}`);
  if (!new RegExp(`max by \\(tier\\) \\(${WAITING_ROWS_METRIC}\\b`).test(query))
    fail(`ScaledObject/generation: its query must count the waiting collection rows once (max by (tier) (${WAITING_ROWS_METRIC}))`);
  if (query !== backlogQuery({ namespace, consumers }))
    fail('ScaledObject/generation: its query is not the generated one: run node scripts/generation-scaling.mjs');
  const generated = spawnSync(process.execPath, [path.join(root, 'scripts/generation-scaling.mjs'), '--check'], { encoding: 'utf8' });
  if (generated.status !== 0) fail(generated.stderr.trim() || 'node scripts/generation-scaling.mjs --check failed');
  const evaluated = evaluateBacklogQuery(query, { namespace, consumers });
  if (evaluated) fail(`ScaledObject/generation: its query does not add up the backlog (promtool):\n${evaluated}`);
}

/**
 * promtool evaluates `query` on a backlog whose size is known: three NATS nodes each report every tier's
 * consumer (plus another namespace's queue and a consumer no code creates, which must not count), two
 * generation replicas report the same waiting rows. Without the rows gauge it is the JetStream backlog
 * alone; without the exporters it is no number (KEDA's fallback), never 0. Returns promtool's complaint.
 */
function evaluateBacklogQuery(query, { namespace, consumers }) {
  const series = [];
  let jetstream = 0;
  consumers.forEach((consumer, index) => {
    const [pending, acking] = [3 * index + 2, index + 1];
    jetstream += pending + acking;
    for (const node of ['nats-0', 'nats-1', 'nats-2']) {
      const labels = `namespace="${namespace}",pod="${node}",stream_name="GENERATION_JOBS",consumer_name="${consumer}"`;
      series.push({ series: `jetstream_consumer_num_pending{${labels}}`, values: `${pending}x5` });
      series.push({ series: `jetstream_consumer_num_ack_pending{${labels}}`, values: `${acking}x5` });
      const staging = labels.replace(`namespace="${namespace}"`, 'namespace="printloom-staging"');
      series.push({ series: `jetstream_consumer_num_pending{${staging}}`, values: '100x5' });
    }
  });
  const stray = `namespace="${namespace}",pod="nats-0",stream_name="GENERATION_JOBS",consumer_name="generation-workers-t${consumers.length + 7}"`;
  series.push({ series: `jetstream_consumer_num_pending{${stray}}`, values: '1000x5' });
  const rows = { 0: 7, 2: 4 };
  for (const pod of ['generation-a', 'generation-b'])
    for (const [tier, count] of Object.entries(rows))
      series.push({ series: `${WAITING_ROWS_METRIC}{namespace="${namespace}",pod="${pod}",tier="${tier}"}`, values: `${count}x5` });
  const waiting = Object.values(rows).reduce((sum, count) => sum + count, 0);
  const test = (input_series, value) => ({
    interval: '1m',
    input_series,
    promql_expr_test: [{ expr: query, eval_time: '2m', exp_samples: value === null ? [] : [{ labels: '{}', value }] }],
  });
  const tests = [
    test(series, jetstream + waiting),
    test(
      series.filter((entry) => !entry.series.startsWith(WAITING_ROWS_METRIC)),
      jetstream,
    ),
    test(
      series.filter((entry) => entry.series.startsWith(WAITING_ROWS_METRIC)),
      null,
    ),
  ];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pl-keda-query-'));
  try {
    writeFileSync(path.join(dir, 'query.test.yml'), YAML.stringify({ rule_files: [], evaluation_interval: '1m', tests }));
    const result = spawnSync('promtool', ['test', 'rules', 'query.test.yml'], { cwd: dir, encoding: 'utf8' });
    if (result.error) return `promtool is not installed (Debian package prometheus): ${result.error.message}`;
    return result.status === 0 ? '' : `${result.stdout}${result.stderr}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
