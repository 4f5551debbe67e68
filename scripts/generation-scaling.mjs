#!/usr/bin/env node
// Writes generation's KEDA ScaledObject (infra/k8s/overlays/production/generation-scaledobject.yaml)
// from the contracts and the generation Deployment, so the scaler watches the queue the code creates:
//   - the JetStream consumers: one per priority tier (PRIORITY_TIERS, GENERATION_QUEUE.consumerOf),
//   - the rows of collections waiting their turn (the service's printloom_generation_waiting_rows),
//   - one worker per GENERATION_CONCURRENCY jobs (the Deployment's env, set explicitly there).
//   node scripts/generation-scaling.mjs          rewrite the file (after changing tiers or concurrency)
//   node scripts/generation-scaling.mjs --check  exit 1 when the file differs from what it would write
// It also writes infra/observability/alerts.kubernetes.yml: the alert that fires when that same query
// returns no series (KEDA then holds its fallback, silently), so the alert and the scaler cannot drift.
// scripts/check-k8s.mjs runs the check and holds the rendered ScaledObject to the same rules.
// Needs the contracts built (npm run build -w packages/contracts).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import YAML from 'yaml';
import { GENERATION_QUEUE, PRIORITY_TIERS } from '@printloom/contracts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SCALED_OBJECT = 'infra/k8s/overlays/production/generation-scaledobject.yaml';
/** Rules only Kubernetes evaluates (compose has no KEDA and no namespace label): the scaling input's alert. */
export const KUBERNETES_RULES = 'infra/observability/alerts.kubernetes.yml';
const RUNBOOKS = 'https://github.com/printloom/printloom/blob/main/docs/operations.md';
const APPS = 'infra/k8s/base/apps.yaml';
const OVERLAY_KUSTOMIZATION = 'infra/k8s/overlays/production/kustomization.yaml';
/** Prometheus as kube-prometheus-stack names it (the Prometheus Operator's governing Service). */
export const PROMETHEUS_ADDRESS = 'http://prometheus-operated.monitoring.svc.cluster.local:9090';
/** The service's gauge of collection rows not yet fed to the queue (every replica reports the same DB count). */
export const WAITING_ROWS_METRIC = 'printloom_generation_waiting_rows';

/** The tiers' durable consumers, in tier order, exactly as the service creates them (job-queue.ts). */
export function generationConsumers() {
  return [...new Set(Object.values(PRIORITY_TIERS))].sort((a, b) => a - b).map((tier) => GENERATION_QUEUE.consumerOf(tier));
}

/** GENERATION_CONCURRENCY as the generation Deployment sets it (a number, or undefined when not set). */
export function generationConcurrency(deployment) {
  const container = deployment?.spec.template.spec.containers.find((entry) => entry.name === 'generation');
  const value = container?.env?.find((entry) => entry.name === 'GENERATION_CONCURRENCY')?.value;
  return value === undefined ? undefined : Number(value);
}

/**
 * The whole backlog in jobs: per tier consumer, jobs not yet delivered (num_pending) plus delivered and
 * not acknowledged (num_ack_pending: running, or due for redelivery), plus the waiting collection rows.
 * Each NATS node's exporter reports every consumer of an R3 stream and each generation replica the same
 * waiting rows: `max by` takes one copy of each. No exporter answer is an error (KEDA's fallback), not 0;
 * no waiting-rows series (a release before batches, or no generation pod up) counts as 0 rows.
 */
export function backlogQuery({ namespace, consumers = generationConsumers() }) {
  const selector = `namespace="${namespace}", stream_name="${GENERATION_QUEUE.stream}", consumer_name=~"${consumers.join('|')}"`;
  return [
    'sum(',
    `  max by (consumer_name) (jetstream_consumer_num_pending{${selector}})`,
    `  + max by (consumer_name) (jetstream_consumer_num_ack_pending{${selector}})`,
    ')',
    `+ (sum(max by (tier) (${WAITING_ROWS_METRIC}{namespace="${namespace}"})) or vector(0))`,
  ].join('\n');
}

export function scaledObject({ namespace, concurrency }) {
  return {
    apiVersion: 'keda.sh/v1alpha1',
    kind: 'ScaledObject',
    metadata: { name: 'generation' },
    spec: {
      scaleTargetRef: { name: 'generation' },
      minReplicaCount: 1,
      maxReplicaCount: 10,
      pollingInterval: 15,
      cooldownPeriod: 300,
      // Prometheus unreachable or the exporters silent: keep the workers there are (at least 2).
      fallback: { failureThreshold: 4, replicas: 2, behavior: 'currentReplicasIfHigher' },
      advanced: {
        horizontalPodAutoscalerConfig: {
          behavior: {
            scaleDown: { stabilizationWindowSeconds: 300, policies: [{ type: 'Pods', value: 1, periodSeconds: 60 }] },
          },
        },
      },
      // One trigger: the HPA takes the highest of several triggers, never their sum.
      triggers: [
        {
          type: 'prometheus',
          name: 'generation-backlog',
          metricType: 'AverageValue',
          metadata: {
            serverAddress: PROMETHEUS_ADDRESS,
            query: backlogQuery({ namespace }),
            // Jobs per worker: the Deployment's GENERATION_CONCURRENCY, so replicas = ceil(backlog / concurrency).
            threshold: String(concurrency),
            ignoreNullValues: 'false',
          },
        },
      ],
    },
  };
}

/** The alert on KEDA's input: the backlog query answering nothing (not 0: nothing) for 5 minutes. */
export function scalingInputRules({ namespace }) {
  return {
    groups: [
      {
        name: 'printloom-kubernetes',
        rules: [
          {
            alert: 'PrintloomScalingInputMissing',
            expr: `absent(\n${backlogQuery({ namespace })}\n)`,
            for: '5m',
            labels: { severity: 'warning' },
            annotations: {
              runbook_url: `${RUNBOOKS}#printloomscalinginputmissing`,
              summary: "Generation's backlog query returns no series: KEDA cannot see the queue",
              description:
                'KEDA holds generation at its fallback (the current workers, at least 2) whatever the backlog: the NATS exporters are not scraped (PodMonitor nats, its release label) or not answering.',
            },
          },
        ],
      },
    ],
  };
}

function render() {
  const deployment = YAML.parseAllDocuments(readFileSync(path.join(root, APPS), 'utf8'))
    .map((doc) => doc.toJS())
    .find((object) => object?.kind === 'Deployment' && object.metadata.name === 'generation');
  const concurrency = generationConcurrency(deployment);
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new Error(`${APPS}: the generation Deployment must set GENERATION_CONCURRENCY explicitly (found ${concurrency})`);
  const namespace = YAML.parse(readFileSync(path.join(root, OVERLAY_KUSTOMIZATION), 'utf8')).namespace;
  const header = [
    `# Generated by scripts/generation-scaling.mjs from the contracts' tiers and consumers and the generation`,
    `# Deployment's GENERATION_CONCURRENCY (${APPS}): edit those, then rerun. Generation workers follow the`,
    `# whole backlog, read from Prometheus: every tier's JetStream consumer (jobs waiting and running, from the`,
    `# NATS exporters) plus the collection rows waiting their turn (${WAITING_ROWS_METRIC}), one worker per`,
    `# GENERATION_CONCURRENCY jobs (${concurrency}), 1 to 10 workers. docs/operations.md "Scaling generation".`,
    '',
  ].join('\n');
  const rulesHeader = [
    `# Generated by scripts/generation-scaling.mjs with ${SCALED_OBJECT}: the alert on the scaler's own query.`,
    `# Kubernetes only (scripts/generate-prometheus-rule.mjs adds it to the PrometheusRule); tested in alerts.test.yml.`,
    '',
  ].join('\n');
  return {
    text: header + YAML.stringify(scaledObject({ namespace, concurrency }), { lineWidth: 0 }),
    rules: rulesHeader + YAML.stringify(scalingInputRules({ namespace }), { lineWidth: 0 }),
    concurrency,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { text, rules, concurrency } = render();
  for (const [file, content] of [
    [SCALED_OBJECT, text],
    [KUBERNETES_RULES, rules],
  ]) {
    const target = path.join(root, file);
    const formatted = await prettier.format(content, { ...(await prettier.resolveConfig(target)), parser: 'yaml' });
    if (process.argv.includes('--check')) {
      let current = '';
      try {
        current = readFileSync(target, 'utf8');
      } catch {
        // not written yet
      }
      if (current !== formatted) {
        process.stderr.write(`${file} is stale: run node scripts/generation-scaling.mjs\n`);
        process.exitCode = 1;
      }
    } else {
      writeFileSync(target, formatted);
      process.stdout.write(`wrote ${file}\n`);
    }
  }
  if (!process.argv.includes('--check')) process.stdout.write(`(${generationConsumers().join(', ')}; ${concurrency} jobs per worker)\n`);
}
