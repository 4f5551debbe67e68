#!/usr/bin/env node
// Renders the Kubernetes overlays with `kubectl kustomize` and checks every object: against the
// Kubernetes schemas (kubernetes-models; @kubernetes-models/keda for the ScaledObject), against the
// required fields of kinds without a published schema (CloudNativePG), and against the rules an
// operator relies on: probes, requests and limits, non-root, read-only root filesystem, pinned images,
// a PodDisruptionBudget per workload, NetworkPolicies, scrape annotations, TLS, and every referenced
// Secret described in infra/k8s/secrets.example.yaml. Generation's ScaledObject is held to the contracts'
// consumers (scripts/generation-scaling.mjs): needs the contracts built (npm run build -w packages/contracts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { configChecksum } from './config-checksum.mjs';
import { WAITING_ROWS_METRIC, backlogQuery, generationConcurrency, generationConsumers } from './generation-scaling.mjs';
import { checkClientAddresses, checkClusterIssuerExample, checkEdgeNamespace, checkRouteTimeouts } from './k8s-checks/edge.mjs';
import { RULES_SOURCES, ruleGroups } from './generate-prometheus-rule.mjs';
import { checkMigrationJob } from './k8s-checks/migrations.mjs';
import { releaseProblems } from './release.mjs';
import { checkDatabaseScraped, checkMonitoringLoads } from './k8s-checks/monitoring.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The PROXY protocol overlay is the opt-in edge (issue 41): rendered and held to every rule too.
const OVERLAYS = ['infra/k8s/overlays/production', 'infra/k8s/overlays/production-hpa', 'infra/k8s/overlays/production-proxy-protocol'];
const BACKEND_APPS = ['gateway', 'auth', 'billing', 'notifications', 'assets', 'generation', 'listings', 'publishing'];
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
  // Issue 32: the edge (Gateway API, Envoy Gateway policies), Prometheus Operator, Barman Cloud plugin.
  'barmancloud.cnpg.io/v1/ObjectStore': [['spec', 'configuration', 'destinationPath']],
  'gateway.networking.k8s.io/v1/Gateway': [
    ['spec', 'gatewayClassName'],
    ['spec', 'listeners'],
  ],
  'gateway.networking.k8s.io/v1/HTTPRoute': [
    ['spec', 'parentRefs'],
    ['spec', 'rules'],
  ],
  'gateway.envoyproxy.io/v1alpha1/BackendTrafficPolicy': [['spec', 'targetRefs']],
  'gateway.envoyproxy.io/v1alpha1/ClientTrafficPolicy': [['spec', 'targetRefs']],
  'gateway.envoyproxy.io/v1alpha1/EnvoyProxy': [['spec', 'provider', 'type']],
  'monitoring.coreos.com/v1/PodMonitor': [
    ['spec', 'selector'],
    ['spec', 'podMetricsEndpoints'],
  ],
  'monitoring.coreos.com/v1/PrometheusRule': [['spec', 'groups']],
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
    const running = podSpec.containers.includes(container); // init containers take no probes
    if (!imagePinned(container.image)) fail(`${name}: image ${container.image} is not pinned to a version`);
    for (const kind of ['requests', 'limits']) {
      for (const resource of ['cpu', 'memory'])
        if (!container.resources?.[kind]?.[resource]) fail(`${name}: resources.${kind}.${resource} missing`);
    }
    if (container.securityContext?.allowPrivilegeEscalation !== false) fail(`${name}: allowPrivilegeEscalation must be false`);
    if (container.securityContext?.readOnlyRootFilesystem !== true) fail(`${name}: readOnlyRootFilesystem must be true`);
    if (probes && running) {
      if (!container.readinessProbe) fail(`${name}: readinessProbe missing`);
      if (!container.livenessProbe) fail(`${name}: livenessProbe missing`);
      const paths = [container.readinessProbe?.httpGet?.path, container.livenessProbe?.httpGet?.path];
      if (paths[0] && paths[0] === paths[1] && /health/.test(paths[0]))
        fail(`${name}: liveness and readiness must be separate checks (/health/live, /health/ready)`);
    }
  }
}

/** What the first week in production needs (issue 32): each rule fails when the manifests regress. */
const LONGEST_EDGE_S =
  Number(
    /EDGE_TIMEOUT_MS = ([\d_]+)/
      .exec(readFileSync(path.join(root, 'packages/contracts/src/time-budgets.ts'), 'utf8'))[1]
      .replaceAll('_', ''),
  ) / 1000;
const UPLOAD_MAX_BYTES = (() => {
  const expression = /uploadMaxBytes: ([\d *]+),/.exec(readFileSync(path.join(root, 'packages/contracts/src/limits.ts'), 'utf8'))[1];
  return expression.split('*').reduce((product, factor) => product * Number(factor.trim()), 1);
})();
const DATABASE_APPS = BACKEND_APPS.filter((app) => app !== 'gateway');
const quantity = (value) => {
  const match = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|KiB|MiB|GiB)?$/.exec(String(value ?? ''));
  if (!match) return 0;
  const unit = (match[2] ?? '').replace(/B$/, '');
  return Number(match[1]) * ({ '': 1, Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3 }[unit] ?? 1);
};
const canonical = (value) =>
  JSON.stringify(value, (key, item) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );
const podEnv = (container) => new Map((container?.env ?? []).map((variable) => [variable.name, variable]));
const tagOf = (image) => /:([^/:@]+)$/.exec(image ?? '')?.[1];

function checkFirstWeek(overlay, objects, secretsExample) {
  const fail = (message) => problems.push(`${overlay}: ${message}`);
  const all = (kind) => objects.filter((object) => object.kind === kind);
  const named = (kind, name) => objects.find((object) => object.kind === kind && object.metadata.name === name);
  const config = objects.find((object) => object.kind === 'ConfigMap' && object.metadata.name.startsWith('printloom-config'));
  const deployments = all('Deployment');

  // 1. Scaling reads the real queue: one trigger on the whole backlog, sized by the Deployment's concurrency.
  const generation = named('Deployment', 'generation');
  const scalers = all('ScaledObject');
  for (const target of [...scalers, ...all('HorizontalPodAutoscaler')].map((object) => object.spec.scaleTargetRef.name)) {
    const scaled = named('Deployment', target);
    if (scaled && scaled.spec.replicas !== undefined)
      fail(`Deployment/${target} is autoscaled: it must not set replicas (${scaled.spec.replicas}), or every apply resets the autoscaler`);
  }
  if (scalers.length) checkGenerationScaler(fail, scalers, generation);

  // 2. Graceful stops finish the work: the pod's grace is the image model's timeout + 20 s, the worker
  // naks what cannot finish before then, and a dead worker's job comes back after a short ack wait.
  const generationEnv = podEnv(generation?.spec.template.spec.containers.find((container) => container.name === 'generation'));
  const envMs = (name) => Number(generationEnv.get(name)?.value ?? GENERATION_DEFAULTS[name]);
  const imageTimeoutS = envMs('OPENAI_TIMEOUT_MS') / 1000;
  const podGraceS = generation?.spec.template.spec.terminationGracePeriodSeconds;
  if (podGraceS !== imageTimeoutS + 20)
    fail(
      `Deployment/generation: terminationGracePeriodSeconds (${podGraceS}) must be the image model's timeout + 20 s (OPENAI_TIMEOUT_MS ${imageTimeoutS} s + 20)`,
    );
  const stopGraceS =
    (generationEnv.get('JOB_STOP_GRACE_MS')?.value ? envMs('JOB_STOP_GRACE_MS') : envMs('OPENAI_TIMEOUT_MS') + 10_000) / 1000;
  if (!(stopGraceS + 5 <= podGraceS))
    fail(
      `Deployment/generation: workers finish jobs for ${stopGraceS} s (JOB_STOP_GRACE_MS) but the pod is killed after ${podGraceS} s: leave 5 s to nak and close`,
    );
  if (!(envMs('JOB_ACK_WAIT_MS') <= 15_000))
    fail(
      `Deployment/generation: JOB_ACK_WAIT_MS ${envMs('JOB_ACK_WAIT_MS')} hides a dead worker's job that long: keep it at 15 s or less (heartbeats extend it)`,
    );

  // 3. Migrations before the new code: a Job per release, and app pods that wait for their schema.
  const job = all('Job').find((object) => /migrate/.test(object.metadata.name));
  const migrateImage = job?.spec.template.spec.containers[0].image;
  const release = tagOf(migrateImage)?.replaceAll('.', '-');
  if (job && job.metadata.name !== `printloom-migrate-${release}`)
    fail(`the migration Job must be named per release (printloom-migrate-${release}, from its image tag), not ${job.metadata.name}`);
  if (
    job?.metadata.annotations?.['argocd.argoproj.io/hook'] !== 'PreSync' ||
    !job?.metadata.annotations?.['argocd.argoproj.io/hook-delete-policy']
  )
    fail('the migration Job must be an Argo CD PreSync hook with a delete policy');
  if (job && podEnv(job.spec.template.spec.containers[0]).get('DATABASE_HOST')?.value !== config?.data?.DATABASE_HOST)
    fail("the migration Job's DATABASE_HOST must equal printloom-config's");
  // …and the streams: the Job makes them as the NATS user `migrate`, with printloom-config's replicas
  for (const name of ['NATS_URL', 'NATS_STREAM_REPLICAS'])
    if (job && podEnv(job.spec.template.spec.containers[0]).get(name)?.value !== config?.data?.[name])
      fail(`the migration Job's ${name} must equal printloom-config's (${config?.data?.[name]})`);
  for (const deployment of deployments.filter((object) => DATABASE_APPS.includes(object.metadata.name))) {
    const app = deployment.metadata.name;
    const wait = (deployment.spec.template.spec.initContainers ?? []).find((container) =>
      [...(container.command ?? []), ...(container.args ?? [])].join(' ').includes(`--wait ${app}`),
    );
    if (!wait) fail(`Deployment/${app} has no init container waiting for its schema (migrate.mjs --wait ${app})`);
    else if (wait.image !== migrateImage) fail(`Deployment/${app}: its schema wait runs ${wait.image}, not this release's ${migrateImage}`);
  }

  // 4. Alerts that reach Kubernetes: scraping through PodMonitors, and the rules from the one source.
  const monitors = all('PodMonitor');
  const relabelsJob = (monitor, jobName) =>
    monitor.spec.podMetricsEndpoints.every((endpoint) =>
      (endpoint.relabelings ?? []).some((rule) => rule.targetLabel === 'job' && rule.replacement === jobName),
    );
  const selects = (monitor, labels) =>
    matches(monitor.spec.selector, labels) &&
    (monitor.spec.selector.matchExpressions ?? []).every(
      (expression) => expression.operator === 'In' && expression.values.includes(labels[expression.key]),
    );
  for (const deployment of deployments.filter((object) => BACKEND_APPS.includes(object.metadata.name))) {
    if (!monitors.some((monitor) => selects(monitor, deployment.spec.template.metadata.labels) && relabelsJob(monitor, 'printloom')))
      fail(`Deployment/${deployment.metadata.name} is scraped by no PodMonitor with job="printloom"`);
  }
  const natsPods = named('StatefulSet', 'nats')?.spec.template;
  if (natsPods && !monitors.some((monitor) => selects(monitor, natsPods.metadata.labels) && relabelsJob(monitor, 'nats')))
    fail('NATS is scraped by no PodMonitor with job="nats"');
  const rules = all('PrometheusRule');
  let source = [];
  try {
    source = ruleGroups();
  } catch (error) {
    fail(`the alert rules cannot be read (${error.message}): run node scripts/generation-scaling.mjs`);
  }
  if (rules.length !== 1) fail('the overlay must ship one PrometheusRule');
  else if (canonical(rules[0].spec.groups) !== canonical(source))
    fail(`the PrometheusRule differs from ${RULES_SOURCES.join(' and ')}: run node scripts/generate-prometheus-rule.mjs`);

  // 5. The edge: Gateway API by default, timeouts above the app's, the body size, client addresses.
  const route = all('HTTPRoute').find((object) =>
    object.spec.rules.some((rule) => (rule.backendRefs ?? []).some((ref) => ref.name === 'web')),
  );
  if (!route) fail('no HTTPRoute sends traffic to web');
  if (all('Ingress').length) fail('the default edge is the Gateway API HTTPRoute; the Ingress is the option in infra/k8s/edge/ingress');
  checkRouteTimeouts(fail, objects, { route, longestEdgeS: LONGEST_EDGE_S });
  const targets = (policy, kind, name) => (policy.spec.targetRefs ?? []).some((ref) => ref.kind === kind && ref.name === name);
  if (
    route &&
    !all('BackendTrafficPolicy').some(
      (policy) => targets(policy, 'HTTPRoute', route.metadata.name) && quantity(policy.spec.requestBuffer?.limit) > UPLOAD_MAX_BYTES,
    )
  )
    fail(
      `HTTPRoute/${route?.metadata.name}: no BackendTrafficPolicy lets an upload of ${UPLOAD_MAX_BYTES} bytes through (requestBuffer.limit)`,
    );
  checkClientAddresses(fail, objects, { route });
  checkEdgeNamespace(fail, objects);
  checkClusterIssuerExample(fail, objects, { root });
  checkMonitoringLoads(fail, objects, { root });
  checkDatabaseScraped(fail, objects);
  checkMigrationJob(fail, objects);

  // 10. NATS: required anti-affinity, GOMEMLIMIT under the limit, a checksum that rolls it on config change.
  const nats = named('StatefulSet', 'nats');
  if (nats) {
    const antiAffinity = nats.spec.template.spec.affinity?.podAntiAffinity;
    if (
      antiAffinity?.preferredDuringSchedulingIgnoredDuringExecution?.length ||
      !antiAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.some((term) => term.topologyKey === 'kubernetes.io/hostname')
    )
      fail('NATS pods must be kept on separate nodes by a required (not preferred) anti-affinity');
    const server = nats.spec.template.spec.containers.find((container) => container.name === 'nats');
    const limit = quantity(server?.resources?.limits?.memory);
    const goMemLimit = quantity(podEnv(server).get('GOMEMLIMIT')?.value);
    if (!(goMemLimit >= 0.7 * limit && goMemLimit <= 0.95 * limit)) fail('NATS must set GOMEMLIMIT to 70-95% of its memory limit');
    const configVolume = nats.spec.template.spec.volumes.find((volume) => volume.configMap)?.configMap.name;
    const natsConfig = named('ConfigMap', configVolume);
    const annotated = nats.spec.template.metadata.annotations?.['printloom.io/config-checksum'];
    if (natsConfig && annotated !== configChecksum(natsConfig.data))
      fail(
        `StatefulSet/nats: printloom.io/config-checksum is '${annotated}', ${configVolume} hashes to '${configChecksum(natsConfig.data)}' (node scripts/nats-config.mjs writes it)`,
      );
  }
  // Config changes roll the apps: every ConfigMap they read is a generated one, named by its content's hash.
  for (const object of [...deployments, ...all('Job')]) {
    const spec = object.spec.template.spec;
    for (const container of [...(spec.initContainers ?? []), ...spec.containers])
      for (const source of container.envFrom ?? [])
        if (source.configMapRef && !/-[a-z0-9]{10}$/.test(source.configMapRef.name))
          fail(`${where(object)}: ConfigMap ${source.configMapRef.name} carries no content hash: a change would not roll the pods`);
  }
  // The web pod finds the gateway in its own namespace.
  const web = podEnv(named('Deployment', 'web')?.spec.template.spec.containers[0]);
  if (
    !/\$\(POD_NAMESPACE\)/.test(web.get('GATEWAY_UPSTREAM')?.value ?? '') ||
    web.get('POD_NAMESPACE')?.valueFrom?.fieldRef?.fieldPath !== 'metadata.namespace'
  )
    fail('web must resolve the gateway in its own namespace (GATEWAY_UPSTREAM with $(POD_NAMESPACE) from metadata.namespace)');
  // CloudNativePG: Barman Cloud plugin, managed roles, one source per password, one PostgreSQL major.
  const cluster = all('Cluster')[0];
  if (cluster) {
    if (cluster.spec.backup?.barmanObjectStore)
      fail('CloudNativePG: the in-tree barmanObjectStore is removed in 1.31: use the Barman Cloud plugin');
    const plugin = (cluster.spec.plugins ?? []).find((entry) => entry.name === 'barman-cloud.cloudnative-pg.io');
    if (!plugin?.isWALArchiver || !named('ObjectStore', plugin.parameters?.barmanObjectName))
      fail('CloudNativePG: archive WAL with the Barman Cloud plugin to an ObjectStore of this overlay');
    for (const backup of all('ScheduledBackup'))
      if (backup.spec.method !== 'plugin' || backup.spec.pluginConfiguration?.name !== 'barman-cloud.cloudnative-pg.io')
        fail(`ScheduledBackup/${backup.metadata.name} must back up through the Barman Cloud plugin`);
    const jobEnv = podEnv(job?.spec.template.spec.containers[0]);
    for (const app of DATABASE_APPS) {
      const role = (cluster.spec.managed?.roles ?? []).find((entry) => entry.name === `printloom_${app}`);
      const secret = role?.passwordSecret?.name;
      if (!secret || role.ensure !== 'present' || !role.login) {
        fail(`CloudNativePG: role printloom_${app} must be declared in managed.roles with a passwordSecret`);
        continue;
      }
      const fromSecret = (variable) =>
        variable?.valueFrom?.secretKeyRef?.name === secret && variable.valueFrom.secretKeyRef.key === 'password';
      for (const container of [
        ...(named('Deployment', app)?.spec.template.spec.initContainers ?? []),
        named('Deployment', app)?.spec.template.spec.containers[0],
      ]) {
        const env = podEnv(container);
        const used = /\$\((\w+)\)@/.exec(env.get('DATABASE_URL')?.value ?? '')?.[1];
        if (!fromSecret(env.get(used)))
          fail(`Deployment/${app} container ${container?.name}: DATABASE_URL must take its password from Secret ${secret} (managed.roles)`);
      }
      if (!fromSecret(jobEnv.get(`${app.toUpperCase()}_DB_PASSWORD`)))
        fail(`the migration Job must read ${app.toUpperCase()}_DB_PASSWORD from Secret ${secret}`);
    }
    const admin = /\$\((\w+)\)@/.exec(jobEnv.get('DATABASE_ADMIN_URL')?.value ?? '')?.[1];
    if (jobEnv.get(admin)?.valueFrom?.secretKeyRef?.name !== cluster.spec.superuserSecret?.name)
      fail("the migration Job must take the superuser's password from the Cluster's superuserSecret");
    for (const secret of secretsExample)
      for (const key of Object.keys({ ...secret.stringData, ...secret.data }))
        if (/^(DATABASE_URL|DATABASE_ADMIN_URL|[A-Z]+_DB_PASSWORD)$/.test(key))
          fail(
            `secrets.example.yaml: Secret/${secret.metadata.name} holds ${key}, a copy of a password whose one source is a printloom-db-* Secret`,
          );
    const composeMajor = /image: postgres:(\d+)\./.exec(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'))?.[1];
    const clusterMajor = /:(\d+)\./.exec(cluster.spec.imageName ?? '')?.[1];
    if (composeMajor !== clusterMajor)
      fail(`PostgreSQL ${clusterMajor} in Kubernetes but ${composeMajor} in docker-compose.yml: use one major version`);
  }
  // Every Deployment that can run 2+ replicas spreads them over nodes.
  const autoscaled = new Set(
    objects
      .filter((object) => ['ScaledObject', 'HorizontalPodAutoscaler'].includes(object.kind))
      .map((object) => object.spec.scaleTargetRef.name),
  );
  for (const deployment of deployments) {
    if (!((deployment.spec.replicas ?? 1) >= 2 || autoscaled.has(deployment.metadata.name))) continue;
    const labels = deployment.spec.template.metadata.labels;
    if (
      !(deployment.spec.template.spec.topologySpreadConstraints ?? []).some(
        (constraint) => constraint.topologyKey === 'kubernetes.io/hostname' && matches(constraint.labelSelector, labels),
      )
    )
      fail(`${where(deployment)} runs several replicas without a topologySpreadConstraint over kubernetes.io/hostname`);
  }
  // Traces leave the pods.
  if (!/^https?:\/\//.test(config?.data?.OTEL_EXPORTER_OTLP_ENDPOINT ?? '')) fail('printloom-config must set OTEL_EXPORTER_OTLP_ENDPOINT');
}

/** Generation's configuration defaults (services/generation/src/config.ts) for what its Deployment does not set. */
const GENERATION_DEFAULTS = (() => {
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
function checkGenerationScaler(fail, scalers, generation) {
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
  for (const pod of podsOf('Job').filter((pod) => /migrate/.test(pod.name))) {
    if (natsLabels && !reaches(pod.labels, natsLabels, 4222)) fail(`Job/${pod.name} cannot reach NATS through the NetworkPolicies`);
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
  const edgeGateway = objects.find((object) => object.kind === 'Gateway');
  if (ingress && !ingress.spec.tls?.length) fail('the Ingress must terminate TLS');
  if (!ingress && !edgeGateway?.spec.listeners.some((listener) => listener.protocol === 'HTTPS' && listener.tls?.certificateRefs?.length))
    fail('the Gateway must terminate TLS (an HTTPS listener with a certificate)');

  const described = new Map(secretsExample.map((secret) => [secret.metadata.name, Object.keys({ ...secret.stringData, ...secret.data })]));
  const referenced = new Set([...(ingress?.spec.tls ?? []).map((tls) => tls.secretName)]);
  for (const listener of edgeGateway?.spec.listeners ?? []) for (const ref of listener.tls?.certificateRefs ?? []) referenced.add(ref.name);
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
  checkFirstWeek(overlay, objects, secretsExample);
  return objects;
}

/**
 * NATS admits only the apps' own users: its ConfigMap carries the generated authorization, its pods hold
 * every app's password (quoted, from the Secret printloom-nats), and each app connects as its own user
 * with NATS_PASSWORD in its own Secret; the migration Job connects as `migrate` (the only user that
 * creates and updates streams), its password from a Secret no app reads.
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
  const job = objects.find((object) => object.kind === 'Job' && /migrate/.test(object.metadata.name));
  if (job) {
    const env = new Map((job.spec.template.spec.containers[0].env ?? []).map((entry) => [entry.name, entry]));
    if (env.get('NATS_USER')?.value !== 'migrate')
      fail('the migration Job must connect to NATS as the user migrate (env NATS_USER=migrate)');
    const secret = env.get('NATS_PASSWORD')?.valueFrom?.secretKeyRef?.name;
    if (!secret || !described.get(secret)?.includes('NATS_PASSWORD'))
      fail('the migration Job must read NATS_PASSWORD from a Secret described in infra/k8s/secrets.example.yaml');
    const readByApps = workloads.some((workload) =>
      [...(workload.spec.template.spec.containers ?? []), ...(workload.spec.template.spec.initContainers ?? [])].some((container) =>
        [
          ...(container.envFrom ?? []).map((from) => from.secretRef?.name),
          ...(container.env ?? []).map((entry) => entry.valueFrom?.secretKeyRef?.name),
        ].includes(secret),
      ),
    );
    if (secret && readByApps) fail(`the Secret ${secret} with the migrate user's password must be read by no app`);
  }
  for (const app of [...BACKEND_APPS, 'migrate']) {
    const variable = `NATS_${app.toUpperCase()}_PASSWORD`;
    const wrapped = natsEnv.find((entry) => entry.name === variable)?.value ?? '';
    const inner = /^"\$\(([A-Z_]+)\)"$/.exec(wrapped)?.[1];
    const source = natsEnv.find((entry) => entry.name === inner)?.valueFrom?.secretKeyRef;
    if (source?.name !== 'printloom-nats' || source.key !== variable)
      fail(`the nats pods must hold ${app}'s password as ${variable}, quoted ('"$(…)"'), from the Secret printloom-nats`);
    if (app === 'migrate') continue;
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

if (problems.length) {
  for (const problem of problems) process.stderr.write(`[k8s] ${problem}\n`);
  process.exit(1);
}
process.stdout.write(`[k8s] valid: ${summary.join('; ')}\n`);
