// Issue 41 item 9: backups on a schedule with a retention, and a restore that is written down and
// rendered: infra/k8s/restore bootstraps a new Cluster (`bootstrap.recovery`) from the object store the
// production cluster archives to, under that cluster's serverName, and archives its own WAL under a
// new one (two clusters writing one archive would corrupt it).
export const RESTORE_KUSTOMIZATION = 'infra/k8s/restore';
const PLUGIN = 'barman-cloud.cloudnative-pg.io';

const archiveOf = (cluster) => (cluster?.spec.plugins ?? []).find((plugin) => plugin.name === PLUGIN && plugin.isWALArchiver);
const serverNameOf = (cluster) => archiveOf(cluster)?.parameters?.serverName ?? cluster?.metadata.name;

/** The production overlay: a ScheduledBackup of the Cluster, and an ObjectStore that keeps backups for a stated time. */
export function checkScheduledBackups(fail, objects) {
  const cluster = objects.find((object) => object.kind === 'Cluster');
  if (!cluster) return;
  if (!objects.some((object) => object.kind === 'ScheduledBackup' && object.spec.cluster?.name === cluster.metadata.name))
    fail(`no ScheduledBackup of Cluster ${cluster.metadata.name}`);
  const store = objects.find(
    (object) => object.kind === 'ObjectStore' && object.metadata.name === archiveOf(cluster)?.parameters?.barmanObjectName,
  );
  if (store && !/^\d+[dwm]$/.test(store.spec.retentionPolicy ?? ''))
    fail(`ObjectStore/${store.metadata.name}: set retentionPolicy (e.g. 30d): backups would be kept forever`);
}

/** The rendered restore against the production overlay's Cluster and ObjectStore. */
export function checkRestore(fail, restored, production) {
  const source = production.find((object) => object.kind === 'Cluster');
  const store = production.find((object) => object.kind === 'ObjectStore');
  const clusters = restored.filter((object) => object.kind === 'Cluster');
  if (clusters.length !== 1) return fail('the restore must render exactly one Cluster');
  const [cluster] = clusters;
  if (cluster.metadata.name === source?.metadata.name)
    fail(`the restored Cluster must be a new one, not ${cluster.metadata.name} (the running cluster stays until the restore is checked)`);
  const recovery = cluster.spec.bootstrap?.recovery;
  const external = (cluster.spec.externalClusters ?? []).find((entry) => entry.name === recovery?.source);
  if (!external) return fail(`Cluster/${cluster.metadata.name}: bootstrap.recovery.source must name one of its externalClusters`);
  const parameters = external.plugin?.name === PLUGIN ? (external.plugin.parameters ?? {}) : {};
  if (parameters.barmanObjectName !== store?.metadata.name || parameters.serverName !== serverNameOf(source))
    fail(
      `Cluster/${cluster.metadata.name}: recover through the Barman Cloud plugin from ObjectStore ${store?.metadata.name}, serverName ${serverNameOf(source)} (what production archives)`,
    );
  const own = archiveOf(cluster);
  if (!own) fail(`Cluster/${cluster.metadata.name}: archive its own WAL (the Barman Cloud plugin, isWALArchiver) once restored`);
  else if (own.parameters?.serverName === serverNameOf(source) || !own.parameters?.serverName)
    fail(
      `Cluster/${cluster.metadata.name}: archive under a new serverName, not ${serverNameOf(source)}: it would write into the archive it recovers from`,
    );
  const major = (object) => /:(\d+)\./.exec(object?.spec.imageName ?? '')?.[1];
  if (major(cluster) !== major(source))
    fail(`Cluster/${cluster.metadata.name}: PostgreSQL ${major(cluster)}, the archive is ${major(source)}`);
}
