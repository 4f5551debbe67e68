#!/usr/bin/env node
// Renders the Kubernetes overlays with `kubectl kustomize` and checks every object: against the
// Kubernetes schemas (kubernetes-models; @kubernetes-models/keda for the ScaledObject), against the
// required fields of kinds without a published schema (CloudNativePG), and against the rules an
// operator relies on: probes, requests and limits, non-root, read-only root filesystem, pinned images,
// a PodDisruptionBudget per workload, NetworkPolicies, scrape annotations, TLS, and every referenced
// Secret described in infra/k8s/secrets.example.yaml. Generation's ScaledObject is held to the contracts'
// consumers (scripts/generation-scaling.mjs): needs the contracts built (npm run build -w packages/contracts).
// The rules live in scripts/k8s-checks/, one module per concern; this file renders and reports.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { LONGEST_EDGE_S } from './k8s-checks/first-week.mjs';
import { checkEdgeNamespace } from './k8s-checks/edge.mjs';
import { root, where } from './k8s-checks/objects.mjs';
import { checkOverlay } from './k8s-checks/overlay.mjs';
import { modelFor, render } from './k8s-checks/render.mjs';
import { RESTORE_KUSTOMIZATION, checkRestore } from './k8s-checks/restore.mjs';
import { checkSchemas } from './k8s-checks/schemas.mjs';
import { releaseProblems } from './release.mjs';

// The PROXY protocol overlay is the opt-in edge (issue 41): rendered and held to every rule too.
const OVERLAYS = ['infra/k8s/overlays/production', 'infra/k8s/overlays/production-hpa', 'infra/k8s/overlays/production-proxy-protocol'];
const problems = [];

const secretsExample = YAML.parseAllDocuments(readFileSync(path.join(root, 'infra/k8s/secrets.example.yaml'), 'utf8')).map((doc) =>
  doc.toJS(),
);
const { Secret } = await import('kubernetes-models/v1');
for (const secret of secretsExample) {
  try {
    new Secret(secret).validate();
  } catch (error) {
    problems.push(`secrets.example.yaml: Secret/${secret.metadata?.name}: ${error.message}`);
  }
}

const summary = [];
for (const overlay of OVERLAYS) {
  let objects;
  try {
    objects = render(overlay);
  } catch (error) {
    problems.push(error.message);
    continue;
  }
  await checkOverlay((message) => problems.push(`${overlay}: ${message}`), objects, secretsExample);
  summary.push(`${overlay}: ${objects.length} objects`);
}
// The optional edge (an Ingress instead of the Gateway API): valid objects, TLS, timeouts above the app's.
{
  const option = 'infra/k8s/edge/ingress';
  const objects = render(option);
  for (const object of objects) {
    const Model = await modelFor(object);
    try {
      new Model(object).validate();
    } catch (error) {
      problems.push(`${option}: ${where(object)}: ${error.message}`);
    }
  }
  const ingress = objects.find((object) => object.kind === 'Ingress');
  if (!ingress?.spec.tls?.length) problems.push(`${option}: the Ingress must terminate TLS`);
  for (const annotation of ['proxy-read-timeout', 'proxy-send-timeout'])
    if (!(Number(ingress?.metadata.annotations?.[`nginx.ingress.kubernetes.io/${annotation}`]) > LONGEST_EDGE_S))
      problems.push(`${option}: ${annotation} must be above the edge budget (${LONGEST_EDGE_S} s)`);
  if (!objects.some((object) => object.kind === 'NetworkPolicy' && object.metadata.name === 'web-from-edge'))
    problems.push(`${option}: the controller's namespace must be let in by NetworkPolicy web-from-edge`);
  checkEdgeNamespace((message) => problems.push(`${option}: ${message}`), objects);
  summary.push(`${option}: ${objects.length} objects`);
}

// The restore on Kubernetes (docs/operations.md "Restoring PostgreSQL on Kubernetes"), against production's archive.
{
  const fail = (message) => problems.push(`${RESTORE_KUSTOMIZATION}: ${message}`);
  const restored = render(RESTORE_KUSTOMIZATION);
  await checkSchemas(fail, restored);
  checkRestore(fail, restored, render(OVERLAYS[0]));
  summary.push(`${RESTORE_KUSTOMIZATION}: ${restored.length} objects`);
}

const keda = render(OVERLAYS[0]).filter((object) => object.kind === 'ScaledObject');
if (keda.length !== 1 || keda[0].spec.scaleTargetRef.name !== 'generation') {
  problems.push('production: generation must scale with a KEDA ScaledObject on its whole backlog');
}
const hpa = render(OVERLAYS[1]);
if (
  !hpa.some((object) => object.kind === 'HorizontalPodAutoscaler' && object.spec.scaleTargetRef.name === 'generation') ||
  hpa.some((object) => object.kind === 'ScaledObject')
) {
  problems.push('production-hpa: generation must scale with a CPU HorizontalPodAutoscaler and no ScaledObject');
}

// One release at a time: every image's tag and the migration Job's name (node scripts/release.mjs <tag>).
for (const problem of releaseProblems()) problems.push(`${problem}: run node scripts/release.mjs <tag>`);

// The checks stay readable (issue 39: no file above 600 lines): a new rule goes into its own module.
const MAX_LINES = 600;
for (const file of [
  'scripts/check-k8s.mjs',
  ...readdirSync(path.join(root, 'scripts/k8s-checks')).map((name) => `scripts/k8s-checks/${name}`),
]) {
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n').length - 1;
  if (lines > MAX_LINES) problems.push(`${file} has ${lines} lines (at most ${MAX_LINES}): move a concern into scripts/k8s-checks/`);
}

if (problems.length) {
  for (const problem of problems) process.stderr.write(`[k8s] ${problem}\n`);
  process.exit(1);
}
process.stdout.write(`[k8s] valid: ${summary.join('; ')}\n`);
