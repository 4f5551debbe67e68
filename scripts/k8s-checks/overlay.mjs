// One rendered overlay against every rule an operator relies on: schemas, pods, disruption budgets,
// scraping, NetworkPolicies, TLS, the Secrets it references, NATS users, and the first week's rules.
import { checkFirstWeek } from './first-week.mjs';
import { checkNatsAuthorization } from './nats-authorization.mjs';
import { checkPodSpec } from './pod-spec.mjs';
import { BACKEND_APPS, matches, where } from './objects.mjs';
import { checkSchemas } from './schemas.mjs';

export async function checkOverlay(fail, objects, secretsExample) {
  await checkSchemas(fail, objects);

  const workloads = objects.filter((object) => ['Deployment', 'StatefulSet'].includes(object.kind));
  for (const workload of workloads) {
    const podSpec = workload.spec.template.spec;
    checkPodSpec(fail, workload, podSpec, { probes: true });
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
  for (const job of objects.filter((object) => object.kind === 'Job')) checkPodSpec(fail, job, job.spec.template.spec, { probes: false });
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
  checkFirstWeek(fail, objects, secretsExample);
  return objects;
}
