// What the first week in production needs (issue 32): each rule fails when the manifests regress.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { configChecksum } from '../config-checksum.mjs';
import { RULES_SOURCES, ruleGroups } from '../generate-prometheus-rule.mjs';
import { checkDatabaseCluster } from './database.mjs';
import { checkDatabasePools } from './database-pool.mjs';
import { checkScheduledBackups } from './restore.mjs';
import { checkGracefulStops } from './graceful-stops.mjs';
import { checkClientAddresses, checkClusterIssuerExample, checkEdgeNamespace, checkRouteTimeouts } from './edge.mjs';
import { GENERATION_DEFAULTS, checkGenerationScaler } from './generation-scaler.mjs';
import { checkMigrationJob, checkPreMigrationBackup } from './migrations.mjs';
import { checkDatabaseScraped, checkMonitoringLoads } from './monitoring.mjs';
import { BACKEND_APPS, DATABASE_APPS, canonical, matches, podEnv, quantity, root, tagOf, where } from './objects.mjs';

export const LONGEST_EDGE_S =
  Number(
    /EDGE_TIMEOUT_MS = ([\d_]+)/
      .exec(readFileSync(path.join(root, 'packages/contracts/src/time-budgets.ts'), 'utf8'))[1]
      .replaceAll('_', ''),
  ) / 1000;
const UPLOAD_MAX_BYTES = (() => {
  const expression = /uploadMaxBytes: ([\d *]+),/.exec(readFileSync(path.join(root, 'packages/contracts/src/limits.ts'), 'utf8'))[1];
  return expression.split('*').reduce((product, factor) => product * Number(factor.trim()), 1);
})();

export function checkFirstWeek(fail, objects, secretsExample) {
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
  // …connected to PostgreSQL itself, never through the pooler (its advisory lock is a session's).
  if (job && podEnv(job.spec.template.spec.containers[0]).get('DATABASE_HOST')?.value !== config?.data?.DATABASE_DIRECT_HOST)
    fail("the migration Job's DATABASE_HOST must equal printloom-config's DATABASE_DIRECT_HOST");
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
  checkPreMigrationBackup(fail, objects);

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
  checkDatabaseCluster(fail, objects, secretsExample);
  checkDatabasePools(fail, objects);
  checkScheduledBackups(fail, objects);
  checkGracefulStops(fail, objects);
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
  // Links (mails, downloads, print files Printify fetches) name the site users see (issue 41 item 10).
  const publicUrl = config?.data?.PUBLIC_URL ?? '';
  if (!/^https:\/\/[^/]+\.[^/]+/.test(publicUrl) || /localhost|127\.0\.0\.1/.test(publicUrl))
    fail(`printloom-config's PUBLIC_URL (${publicUrl || 'unset'}) must be the https site users see, never localhost`);
  // Traces leave the pods.
  if (!/^https?:\/\//.test(config?.data?.OTEL_EXPORTER_OTLP_ENDPOINT ?? '')) fail('printloom-config must set OTEL_EXPORTER_OTLP_ENDPOINT');
}
