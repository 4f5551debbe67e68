#!/usr/bin/env node
// Writes the Kubernetes PrometheusRule from infra/observability/alerts.yml, the one source of the alert
// rules (compose's Prometheus loads that file directly), plus alerts.kubernetes.yml (the scaling input's
// alert, written by scripts/generation-scaling.mjs). Run after editing the rules:
//   node scripts/generate-prometheus-rule.mjs
// scripts/check-k8s.mjs fails when the rendered PrometheusRule and those files differ. Its `release`
// label comes from the monitoring kustomization, not from here.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import YAML from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RULES_SOURCES = ['infra/observability/alerts.yml', 'infra/observability/alerts.kubernetes.yml'];
export const PROMETHEUS_RULE = 'infra/k8s/overlays/production-core/monitoring/prometheus-rule.yaml';

/** Every group the PrometheusRule carries, in order. */
export function ruleGroups() {
  return RULES_SOURCES.flatMap((file) => YAML.parse(readFileSync(path.join(root, file), 'utf8')).groups);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const groups = ruleGroups();
  const rule = {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'PrometheusRule',
    metadata: { name: 'printloom', labels: { 'app.kubernetes.io/name': 'printloom' } },
    spec: { groups },
  };
  const header = `# Generated from ${RULES_SOURCES.join(' and ')} by scripts/generate-prometheus-rule.mjs: edit those, then rerun.\n`;
  const target = path.join(root, PROMETHEUS_RULE);
  const text = header + YAML.stringify(rule, { lineWidth: 0 });
  writeFileSync(target, await prettier.format(text, { ...(await prettier.resolveConfig(target)), parser: 'yaml' }));
  process.stdout.write(`wrote ${PROMETHEUS_RULE} (${groups.flatMap((group) => group.rules).length} rules)\n`);
}
