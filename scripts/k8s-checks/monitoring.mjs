// Issue 41 item 1: the alerts and KEDA's scaling input load on a stock kube-prometheus-stack. Its chart
// selects PrometheusRules and PodMonitors by `release: <helm release>` (ruleSelector /
// podMonitorSelector when *SelectorNilUsesHelmValues is true, the default): without that label not
// one alert loads and the backlog query KEDA reads returns nothing, silently. So: the label from one
// place, a dead man's switch that proves the rules are loaded, and an alert when the query is empty.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { backlogQuery } from '../generation-scaling.mjs';

/** The one place the production overlays set the label Prometheus selects by. */
export const MONITORING_KUSTOMIZATION = 'infra/k8s/overlays/production-core/monitoring/kustomization.yaml';

/** PromQL compared without its layout. */
const flat = (text) => String(text ?? '').replace(/\s+/g, '');

/** The release label as the monitoring kustomization sets it (undefined when it sets none). */
export function releaseLabel(root) {
  try {
    return YAML.parse(readFileSync(path.join(root, MONITORING_KUSTOMIZATION), 'utf8'))?.commonLabels?.release;
  } catch {
    return undefined;
  }
}

export function checkMonitoringLoads(fail, objects, { root }) {
  const release = releaseLabel(root);
  if (!release)
    fail(
      `${MONITORING_KUSTOMIZATION} must set commonLabels.release (kube-prometheus-stack selects rules and monitors by its Helm release, default kube-prometheus-stack)`,
    );
  for (const object of objects.filter((entry) => ['PodMonitor', 'PrometheusRule'].includes(entry.kind))) {
    const label = object.metadata.labels?.release;
    if (!label || label !== release)
      fail(
        `${object.kind}/${object.metadata.name} carries release=${label ?? '(none)'}: a default kube-prometheus-stack loads only release=${release ?? '<helm release>'} (set once in ${MONITORING_KUSTOMIZATION})`,
      );
  }

  const rules = objects
    .filter((entry) => entry.kind === 'PrometheusRule')
    .flatMap((rule) => rule.spec.groups.flatMap((group) => group.rules));
  // A dead man's switch fires always: its silence at the heartbeat means no rule is evaluated or routed.
  const watchdogs = rules.filter((rule) => rule.alert && flat(rule.expr) === 'vector(1)');
  if (watchdogs.length !== 1 || watchdogs[0].for)
    fail('the PrometheusRule needs one always-firing dead man\'s switch (expr: vector(1), no "for") to route to a heartbeat');

  // KEDA's query returning no series is KEDA's fallback, never an alert by itself: one must say so.
  const namespace = objects.find((entry) => entry.kind === 'Deployment' && entry.metadata.name === 'generation')?.metadata.namespace;
  const query = backlogQuery({ namespace });
  const scaler = objects.find((entry) => entry.kind === 'ScaledObject' && entry.spec.scaleTargetRef.name === 'generation');
  for (const used of new Set([query, scaler?.spec.triggers?.[0]?.metadata.query].filter(Boolean)))
    if (!rules.some((rule) => rule.alert && flat(rule.expr) === flat(`absent(${used})`)))
      fail("no alert fires when generation's backlog query (KEDA's scaling input) returns no series: absent(<the ScaledObject's query>)");
}

/** CloudNativePG's instances are scraped through a PodMonitor of ours (labelled like the others), not the operator's. */
export function checkDatabaseScraped(fail, objects) {
  for (const cluster of objects.filter((entry) => entry.kind === 'Cluster')) {
    if (cluster.spec.monitoring?.enablePodMonitor)
      fail(
        `Cluster/${cluster.metadata.name}: the operator's PodMonitor (enablePodMonitor, deprecated) carries no release label: ship a PodMonitor in the monitoring kustomization`,
      );
    const labels = { 'cnpg.io/cluster': cluster.metadata.name };
    const scraped = objects.some(
      (entry) =>
        entry.kind === 'PodMonitor' &&
        Object.entries(entry.spec.selector?.matchLabels ?? {}).every(([key, value]) => labels[key] === value) &&
        Object.keys(entry.spec.selector?.matchLabels ?? {}).length &&
        entry.spec.podMetricsEndpoints.some((endpoint) => endpoint.port === 'metrics'),
    );
    if (!scraped)
      fail(`Cluster/${cluster.metadata.name}: no PodMonitor scrapes its instances' port "metrics" (the PrintloomPostgres* alerts)`);
  }
}
