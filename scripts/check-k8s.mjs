#!/usr/bin/env node
// Renders the Kubernetes overlays with `kubectl kustomize` and checks every object: against the
// Kubernetes schemas (kubernetes-models; @kubernetes-models/keda for the ScaledObject), against the
// required fields of kinds without a published schema (CloudNativePG), and against the rules an
// operator relies on: probes, requests and limits, non-root, read-only root filesystem, pinned images,
// a PodDisruptionBudget per workload, NetworkPolicies, scrape annotations, TLS, and every referenced
// Secret described in infra/k8s/secrets.example.yaml.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OVERLAYS = ['infra/k8s/overlays/production', 'infra/k8s/overlays/production-hpa'];
const BACKEND_APPS = ['gateway', 'auth', 'billing', 'notifications', 'assets', 'generation', 'listings'];
const problems = [];

/** Kinds without a schema in kubernetes-models: the fields their operator requires. */
const REQUIRED_FIELDS = {
  'postgresql.cnpg.io/v1/Cluster': [
    ['spec', 'instances'],
    ['spec', 'storage', 'size'],
  ],
  'postgresql.cnpg.io/v1/ScheduledBackup': [
    ['spec', 'schedule'],
    ['spec', 'cluster', 'name'],
  ],
};

export function render(overlay) {
  // KUBECTL picks another client, e.g. Debian's kubernetes-client 1.20 (kustomize v2).
  const result = spawnSync(process.env.KUBECTL || 'kubectl', ['kustomize', overlay], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`kubectl kustomize ${overlay} failed: ${result.stderr}`);
  return YAML.parseAllDocuments(result.stdout)
    .map((doc) => doc.toJS())
    .filter(Boolean);
}

async function modelFor(object) {
  const [group, version] = object.apiVersion.includes('/') ? object.apiVersion.split('/') : ['', object.apiVersion];
  const candidates =
    group === 'keda.sh' ? [`@kubernetes-models/keda/${group}/${version}`] : [`kubernetes-models/${group ? `${group}/` : ''}${version}`];
  for (const specifier of candidates) {
    try {
      const module = await import(specifier);
      if (module[object.kind]) return module[object.kind];
    } catch {
      // no such group in the models
    }
  }
  return null;
}

const at = (object, keys) => keys.reduce((value, key) => (value == null ? undefined : value[key]), object);
const where = (object) => `${object.kind}/${object.metadata?.name}`;

function imagePinned(image) {
  if (/@sha256:[0-9a-f]{64}$/.test(image)) return true;
  const tag = /:([^/:]+)$/.exec(image)?.[1];
  return Boolean(tag) && tag !== 'latest' && /\d/.test(tag);
}

function checkPodSpec(overlay, owner, podSpec, { probes }) {
  const fail = (message) => problems.push(`${overlay}: ${where(owner)}: ${message}`);
  if (podSpec.securityContext?.runAsNonRoot !== true) fail('pod must set securityContext.runAsNonRoot: true');
  for (const container of [...(podSpec.initContainers ?? []), ...podSpec.containers]) {
    const name = `container ${container.name}`;
    if (!imagePinned(container.image)) fail(`${name}: image ${container.image} is not pinned to a version`);
    for (const kind of ['requests', 'limits']) {
      for (const resource of ['cpu', 'memory'])
        if (!container.resources?.[kind]?.[resource]) fail(`${name}: resources.${kind}.${resource} missing`);
    }
    if (container.securityContext?.allowPrivilegeEscalation !== false) fail(`${name}: allowPrivilegeEscalation must be false`);
    if (container.securityContext?.readOnlyRootFilesystem !== true) fail(`${name}: readOnlyRootFilesystem must be true`);
    if (probes) {
      if (!container.readinessProbe) fail(`${name}: readinessProbe missing`);
      if (!container.livenessProbe) fail(`${name}: livenessProbe missing`);
      const paths = [container.readinessProbe?.httpGet?.path, container.livenessProbe?.httpGet?.path];
      if (paths[0] && paths[0] === paths[1] && /health/.test(paths[0]))
        fail(`${name}: liveness and readiness must be separate checks (/health/live, /health/ready)`);
    }
  }
}

const matches = (selector, labels) => Object.entries(selector?.matchLabels ?? {}).every(([key, value]) => labels?.[key] === value);

export async function checkOverlay(overlay, objects, secretsExample) {
  const fail = (message) => problems.push(`${overlay}: ${message}`);
  for (const object of objects) {
    const Model = await modelFor(object);
    const key = `${object.apiVersion}/${object.kind}`;
    if (Model) {
      try {
        new Model(object).validate();
      } catch (error) {
        fail(`${where(object)} does not match the ${key} schema: ${error.message}`);
      }
    } else if (REQUIRED_FIELDS[key]) {
      if (!object.metadata?.name) fail(`${where(object)}: metadata.name missing`);
      for (const field of REQUIRED_FIELDS[key]) if (at(object, field) == null) fail(`${where(object)}: ${field.join('.')} is required`);
      if (key.endsWith('/Cluster') && !(Number.isInteger(object.spec.instances) && object.spec.instances >= 1))
        fail(`${where(object)}: spec.instances must be a positive integer`);
    } else {
      fail(`${where(object)}: no schema for ${key} and no required-field rule`);
    }
  }

  const workloads = objects.filter((object) => ['Deployment', 'StatefulSet'].includes(object.kind));
  for (const workload of workloads) {
    const podSpec = workload.spec.template.spec;
    checkPodSpec(overlay, workload, podSpec, { probes: true });
    const labels = workload.spec.template.metadata.labels;
    if (!objects.some((object) => object.kind === 'PodDisruptionBudget' && matches(object.spec.selector, labels)))
      fail(`${where(workload)} has no PodDisruptionBudget`);
    const app = labels['app.kubernetes.io/name'];
    if (BACKEND_APPS.includes(app)) {
      const annotations = workload.spec.template.metadata.annotations ?? {};
      if (annotations['prometheus.io/scrape'] !== 'true' || annotations['prometheus.io/port'] !== '9100')
        fail(`${where(workload)}: Prometheus scrape annotations missing`);
      const config = (podSpec.containers[0].envFrom ?? []).map((source) => source.configMapRef?.name).filter(Boolean);
      if (!config.some((name) => name.startsWith('printloom-config'))) fail(`${where(workload)}: does not read printloom-config`);
    }
  }
  for (const job of objects.filter((object) => object.kind === 'Job'))
    checkPodSpec(overlay, job, job.spec.template.spec, { probes: false });
  if (!objects.some((object) => object.kind === 'Job' && /migrate/.test(object.metadata.name))) fail('no migration Job');
  for (const app of [...BACKEND_APPS, 'web']) {
    if (!workloads.some((workload) => workload.kind === 'Deployment' && workload.metadata.name === app)) fail(`no Deployment for ${app}`);
  }

  const policies = objects.filter((object) => object.kind === 'NetworkPolicy');
  if (!policies.some((policy) => Object.keys(policy.spec.podSelector ?? {}).length === 0 && !policy.spec.ingress))
    fail('no default-deny ingress NetworkPolicy');
  // Under default deny, every pod that needs PostgreSQL or NATS must be let in by some policy.
  const allowedFrom = (targetLabels, port) =>
    policies
      .filter((policy) => matches(policy.spec.podSelector, targetLabels))
      .flatMap((policy) =>
        (policy.spec.ingress ?? []).filter((rule) => (rule.ports ?? []).some((p) => p.port === port)).flatMap((rule) => rule.from ?? []),
      );
  const reaches = (podLabels, targetLabels, port) =>
    allowedFrom(targetLabels, port).some((peer) => peer.podSelector && !peer.namespaceSelector && matches(peer.podSelector, podLabels));
  const podsOf = (kind) =>
    objects
      .filter((object) => object.kind === kind)
      .map((object) => ({ name: object.metadata.name, labels: object.spec.template.metadata.labels }));
  const natsLabels = objects.find((object) => object.kind === 'StatefulSet' && object.metadata.name === 'nats')?.spec.template.metadata
    .labels;
  for (const pod of podsOf('Deployment').filter((pod) => BACKEND_APPS.includes(pod.name))) {
    if (natsLabels && !reaches(pod.labels, natsLabels, 4222)) fail(`Deployment/${pod.name} cannot reach NATS through the NetworkPolicies`);
  }
  const cluster = objects.find((object) => object.kind === 'Cluster');
  if (cluster) {
    const postgresLabels = { 'cnpg.io/cluster': cluster.metadata.name };
    for (const pod of [
      ...podsOf('Deployment').filter((pod) => BACKEND_APPS.includes(pod.name) && pod.name !== 'gateway'),
      ...podsOf('Job'),
    ]) {
      if (!reaches(pod.labels, postgresLabels, 5432))
        fail(`${pod.name} cannot reach PostgreSQL (${cluster.metadata.name}) through the NetworkPolicies`);
    }
  }
  const nats = objects.find((object) => object.kind === 'StatefulSet' && object.metadata.name === 'nats');
  if (nats?.spec.replicas !== 3) fail('NATS must run as a 3-node StatefulSet');
  const config = objects.find((object) => object.kind === 'ConfigMap' && object.metadata.name.startsWith('printloom-config'));
  if (config?.data?.NATS_STREAM_REPLICAS !== '3') fail('printloom-config must set NATS_STREAM_REPLICAS=3 in production');
  if (config?.data?.MIGRATE_ON_START !== 'false') fail('apps must not migrate on start (the Job does)');
  const ingress = objects.find((object) => object.kind === 'Ingress');
  if (!ingress?.spec.tls?.length) fail('the Ingress must terminate TLS');

  const described = new Map(secretsExample.map((secret) => [secret.metadata.name, Object.keys({ ...secret.stringData, ...secret.data })]));
  const referenced = new Set([...(ingress?.spec.tls ?? []).map((tls) => tls.secretName)]);
  for (const object of objects) {
    const podSpec = object.spec?.template?.spec;
    for (const container of podSpec?.containers ?? [])
      for (const source of container.envFrom ?? []) if (source.secretRef) referenced.add(source.secretRef.name);
    JSON.stringify(object.spec ?? {}, (key, value) => {
      if (value && typeof value === 'object' && key.endsWith('Secret') && value.name) referenced.add(value.name);
      if (key === 's3Credentials') for (const ref of Object.values(value)) referenced.add(ref.name);
      return value;
    });
  }
  const keysReferenced = [];
  JSON.stringify(objects, (key, value) => {
    if (key === 'secretKeyRef' && value?.name) {
      referenced.add(value.name);
      keysReferenced.push(value);
    }
    return value;
  });
  for (const name of referenced)
    if (!described.has(name)) fail(`Secret ${name} is referenced but not described in infra/k8s/secrets.example.yaml`);
  for (const { name, key } of keysReferenced)
    if (described.has(name) && !described.get(name).includes(key))
      fail(`Secret ${name} has no key ${key} in infra/k8s/secrets.example.yaml`);
  checkNatsAuthorization(fail, objects, workloads, described);
  return objects;
}

/**
 * NATS admits only the apps' own users: its ConfigMap carries the generated authorization, its pods hold
 * every app's password (quoted, from the Secret printloom-nats), and each app connects as its own user
 * with NATS_PASSWORD in its own Secret.
 */
function checkNatsAuthorization(fail, objects, workloads, described) {
  const natsConfig = objects.find((object) => object.kind === 'ConfigMap' && object.metadata.name.startsWith('nats-config'));
  if (!/^include \.\/authorization\.conf$/m.test(natsConfig?.data?.['nats.conf'] ?? ''))
    fail('the nats-config ConfigMap must hold nats.conf including ./authorization.conf');
  const generated = readFileSync(path.join(root, 'infra/k8s/base/nats/authorization.conf'), 'utf8');
  if (natsConfig?.data?.['authorization.conf'] !== generated) fail('the nats-config ConfigMap must hold the generated authorization.conf');
  const nats = objects.find((object) => object.kind === 'StatefulSet' && object.metadata.name === 'nats');
  const natsPod = nats?.spec.template.spec;
  if (!natsPod?.volumes?.some((volume) => volume.configMap?.name === natsConfig?.metadata.name))
    fail('the nats StatefulSet must mount the nats-config ConfigMap');
  const natsEnv = natsPod?.containers[0].env ?? [];
  for (const app of BACKEND_APPS) {
    const variable = `NATS_${app.toUpperCase()}_PASSWORD`;
    const wrapped = natsEnv.find((entry) => entry.name === variable)?.value ?? '';
    const inner = /^"\$\(([A-Z_]+)\)"$/.exec(wrapped)?.[1];
    const source = natsEnv.find((entry) => entry.name === inner)?.valueFrom?.secretKeyRef;
    if (source?.name !== 'printloom-nats' || source.key !== variable)
      fail(`the nats pods must hold ${app}'s password as ${variable}, quoted ('"$(…)"'), from the Secret printloom-nats`);
    const deployment = workloads.find((workload) => workload.kind === 'Deployment' && workload.metadata.name === app);
    if (!deployment) continue;
    const container = deployment.spec.template.spec.containers[0];
    if (container.env?.find((entry) => entry.name === 'NATS_USER')?.value !== app)
      fail(`Deployment/${app} must connect to NATS as its own user (env NATS_USER=${app})`);
    const secrets = (container.envFrom ?? []).map((from) => from.secretRef?.name).filter(Boolean);
    if (!secrets.some((name) => described.get(name)?.includes('NATS_PASSWORD')))
      fail(`Deployment/${app} reads no Secret with NATS_PASSWORD (infra/k8s/secrets.example.yaml)`);
  }
}

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
  await checkOverlay(overlay, objects, secretsExample);
  summary.push(`${overlay}: ${objects.length} objects`);
}
const keda = render(OVERLAYS[0]).filter((object) => object.kind === 'ScaledObject');
if (
  keda.length !== 1 ||
  keda[0].spec.scaleTargetRef.name !== 'generation' ||
  !keda[0].spec.triggers.every((trigger) => trigger.type === 'nats-jetstream')
) {
  problems.push('production: generation must scale with a KEDA ScaledObject on its NATS JetStream consumer lag');
}
const hpa = render(OVERLAYS[1]);
if (
  !hpa.some((object) => object.kind === 'HorizontalPodAutoscaler' && object.spec.scaleTargetRef.name === 'generation') ||
  hpa.some((object) => object.kind === 'ScaledObject')
) {
  problems.push('production-hpa: generation must scale with a CPU HorizontalPodAutoscaler and no ScaledObject');
}

if (problems.length) {
  for (const problem of problems) process.stderr.write(`[k8s] ${problem}\n`);
  process.exit(1);
}
process.stdout.write(`[k8s] valid: ${summary.join('; ')}\n`);
