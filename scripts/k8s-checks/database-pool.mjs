// Issue 41 item 5: a database connection budget. The apps reach PostgreSQL through a CloudNativePG
// Pooler (PgBouncer in transaction mode); what needs a session (the migration Job, wait-for-schema)
// connects directly. Each app sets its pool per pod, and the sum at the most pods each app may run
// (its autoscaler's maximum or its replicas, plus a rollout's surge) fits the pooler's client budget;
// the pooler's server connections plus the direct ones fit PostgreSQL's max_connections.
import { DATABASE_APPS, podEnv } from './objects.mjs';

/** PostgreSQL's superuser_reserved_connections default, and a margin for the operator's own sessions. */
const RESERVED_CONNECTIONS = 3 + 10;

/** The most pods a Deployment may run: its autoscaler's maximum (or replicas) plus the rollout's surge. */
function mostPods(deployment, objects) {
  const target = (object) => object.spec.scaleTargetRef?.name === deployment.metadata.name;
  const keda = objects.find((object) => object.kind === 'ScaledObject' && target(object));
  const hpa = objects.find((object) => object.kind === 'HorizontalPodAutoscaler' && target(object));
  const replicas = keda?.spec.maxReplicaCount ?? hpa?.spec.maxReplicas ?? deployment.spec.replicas ?? 1;
  const surge = deployment.spec.strategy?.rollingUpdate?.maxSurge ?? '25%';
  const extra = String(surge).endsWith('%') ? Math.ceil((replicas * parseInt(surge, 10)) / 100) : Number(surge);
  return replicas + extra;
}

export function checkDatabasePools(fail, objects) {
  const cluster = objects.find((object) => object.kind === 'Cluster');
  if (!cluster) return;
  const config = objects.find((object) => object.kind === 'ConfigMap' && object.metadata.name.startsWith('printloom-config'));
  const pooler = objects.find(
    (object) => object.kind === 'Pooler' && object.spec.cluster?.name === cluster.metadata.name && object.spec.type === 'rw',
  );
  if (!pooler)
    return fail(`no CloudNativePG Pooler (type rw) in front of Cluster ${cluster.metadata.name}: the apps' pools are not bounded`);
  const where = `Pooler/${pooler.metadata.name}`;
  if (pooler.spec.pgbouncer?.poolMode !== 'transaction') fail(`${where}: poolMode must be transaction`);
  if (config?.data?.DATABASE_HOST !== pooler.metadata.name)
    fail(`printloom-config's DATABASE_HOST (${config?.data?.DATABASE_HOST}) must be the pooler's Service, ${pooler.metadata.name}`);
  const direct = `${cluster.metadata.name}-rw`;
  if (config?.data?.DATABASE_DIRECT_HOST !== direct)
    fail(`printloom-config's DATABASE_DIRECT_HOST (${config?.data?.DATABASE_DIRECT_HOST}) must be the cluster's own Service, ${direct}`);

  const deployments = objects.filter((object) => object.kind === 'Deployment' && DATABASE_APPS.includes(object.metadata.name));
  let clients = 0;
  let directClients = objects.filter((object) => object.kind === 'Job').length;
  for (const deployment of deployments) {
    const app = deployment.metadata.name;
    const pods = mostPods(deployment, objects);
    const spec = deployment.spec.template.spec;
    const pool = Number(podEnv(spec.containers[0]).get('DATABASE_POOL_SIZE')?.value);
    if (!Number.isInteger(pool) || pool < 1) fail(`Deployment/${app} must set DATABASE_POOL_SIZE (its connections per pod)`);
    else clients += pool * pods;
    // The schema wait belongs with the migrations (the migrate image): it connects directly.
    for (const init of spec.initContainers ?? []) {
      const url = podEnv(init).get('DATABASE_URL')?.value ?? '';
      if (url && !url.includes('$(DATABASE_DIRECT_HOST)'))
        fail(`Deployment/${app} init container ${init.name}: its DATABASE_URL must use $(DATABASE_DIRECT_HOST), not the pooler`);
      if (url) directClients += pods;
    }
  }

  const parameters = pooler.spec.pgbouncer?.parameters ?? {};
  const instances = pooler.spec.instances ?? 1;
  const maxClient = instances * Number(parameters.max_client_conn ?? 100);
  if (clients > maxClient)
    fail(
      `${where}: the apps' pools at their most pods open ${clients} connections, over the pooler's ${maxClient} (${instances} × max_client_conn)`,
    );
  const servers = instances * DATABASE_APPS.length * Number(parameters.default_pool_size ?? 20);
  const maxConnections = Number(cluster.spec.postgresql?.parameters?.max_connections ?? 100);
  if (servers + directClients + RESERVED_CONNECTIONS > maxConnections)
    fail(
      `Cluster/${cluster.metadata.name}: the pooler's ${servers} server connections (${instances} × ${DATABASE_APPS.length} roles × default_pool_size), ${directClients} direct ones and ${RESERVED_CONNECTIONS} reserved exceed max_connections ${maxConnections}`,
    );
  const policies = objects.filter(
    (object) => object.kind === 'NetworkPolicy' && object.spec.podSelector?.matchLabels?.['cnpg.io/poolerName'] === pooler.metadata.name,
  );
  const reachable = policies.some((policy) =>
    (policy.spec.ingress ?? []).some(
      (rule) =>
        (rule.ports ?? []).some((port) => port.port === 5432) &&
        (rule.from ?? []).some((peer) => peer.podSelector?.matchLabels?.['printloom.io/database-client'] === 'true'),
    ),
  );
  if (!reachable) fail(`${where}: no NetworkPolicy lets the database clients reach the pooler on 5432`);
}
