#!/usr/bin/env node
// Writes the Kubernetes PrometheusRule from infra/observability/alerts.yml, the one source of the alert
// rules (compose's Prometheus loads that file directly). Run after editing the rules:
//   node scripts/generate-prometheus-rule.mjs
// scripts/check-k8s.mjs fails when the rendered PrometheusRule and alerts.yml differ.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import YAML from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RULES_SOURCE = 'infra/observability/alerts.yml';
export const PROMETHEUS_RULE = 'infra/k8s/overlays/production-core/prometheus-rule.yaml';

const groups = YAML.parse(readFileSync(path.join(root, RULES_SOURCE), 'utf8')).groups;
const rule = {
  apiVersion: 'monitoring.coreos.com/v1',
  kind: 'PrometheusRule',
  metadata: { name: 'printloom', labels: { 'app.kubernetes.io/name': 'printloom' } },
  spec: { groups },
};
const header = `# Generated from ${RULES_SOURCE} by scripts/generate-prometheus-rule.mjs: edit that file, then rerun.\n`;
const target = path.join(root, PROMETHEUS_RULE);
const text = header + YAML.stringify(rule, { lineWidth: 0 });
writeFileSync(target, await prettier.format(text, { ...(await prettier.resolveConfig(target)), parser: 'yaml' }));
process.stdout.write(`wrote ${PROMETHEUS_RULE} (${groups.flatMap((group) => group.rules).length} rules)\n`);
