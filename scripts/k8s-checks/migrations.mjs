// Issue 41 item 7: the migration Job waits for the database (a deadline, not a few quick restarts) and
// its migrations give up a lock wait rather than queue every query on a table behind them.
const env = (container, name) => container?.env?.find((entry) => entry.name === name)?.value;

export function checkMigrationJob(fail, objects) {
  const job = objects.find((object) => object.kind === 'Job' && /migrate/.test(object.metadata.name));
  if (!job) return;
  const container = job.spec.template.spec.containers[0];
  const deadlineS = Number(env(container, 'MIGRATE_DEADLINE_S'));
  if (!(deadlineS >= 300))
    fail(
      `Job/${job.metadata.name}: MIGRATE_DEADLINE_S (${env(container, 'MIGRATE_DEADLINE_S')}) must give the database at least 5 minutes to answer`,
    );
  if (!(job.spec.activeDeadlineSeconds > deadlineS))
    fail(
      `Job/${job.metadata.name}: activeDeadlineSeconds (${job.spec.activeDeadlineSeconds}) must end the Job after its own deadline (MIGRATE_DEADLINE_S ${deadlineS})`,
    );
  if (!/^\d+(ms|s|min)$/.test(env(container, 'MIGRATE_LOCK_TIMEOUT') ?? ''))
    fail(`Job/${job.metadata.name}: MIGRATE_LOCK_TIMEOUT must bound the migrations' lock waits (e.g. 10s)`);
}

const waveOf = (object) => Number(object?.metadata.annotations?.['argocd.argoproj.io/sync-wave'] ?? 0);
const isPreSyncHook = (object) => object?.metadata.annotations?.['argocd.argoproj.io/hook'] === 'PreSync';
const JOB_NAME_LABEL = "metadata.labels['batch.kubernetes.io/job-name']";

/**
 * Item 7: a backup before the release migrates. A CloudNativePG on-demand Backup of the Cluster, through
 * the Barman Cloud plugin, named like the Job (one release, one name); the Job's init container waits
 * until it has completed (kubectl wait, by the Job's own name), with a ServiceAccount that may read
 * Backups and nothing else; under Argo CD all of it runs as PreSync hooks before the Job.
 */
export function checkPreMigrationBackup(fail, objects) {
  const job = objects.find((object) => object.kind === 'Job' && /migrate/.test(object.metadata.name));
  const cluster = objects.find((object) => object.kind === 'Cluster');
  if (!job || !cluster) return;
  const name = job.metadata.name;
  const backup = objects.find((object) => object.kind === 'Backup' && object.metadata.name === name);
  if (!backup)
    return fail(`no CloudNativePG Backup ${name} (named like the migration Job): a release must not migrate without a backup taken first`);
  if (backup.spec.cluster?.name !== cluster.metadata.name) fail(`Backup/${name} must back up Cluster ${cluster.metadata.name}`);
  if (backup.spec.method !== 'plugin' || backup.spec.pluginConfiguration?.name !== 'barman-cloud.cloudnative-pg.io')
    fail(`Backup/${name} must back up through the Barman Cloud plugin`);
  if (!isPreSyncHook(backup) || !(waveOf(backup) < waveOf(job)))
    fail(`Backup/${name} must be an Argo CD PreSync hook a sync-wave before the Job`);

  const podSpec = job.spec.template.spec;
  const wait = (podSpec.initContainers ?? []).find((container) => {
    const args = [...(container.command ?? []), ...(container.args ?? [])];
    const variable = /^backup\/\$\((\w+)\)$/.exec(args.find((arg) => arg.startsWith('backup/')) ?? '')?.[1];
    const fromJobName = container.env?.find((entry) => entry.name === variable)?.valueFrom?.fieldRef?.fieldPath === JOB_NAME_LABEL;
    return args.includes('wait') && args.includes('--for=jsonpath={.status.phase}=completed') && fromJobName;
  });
  if (!wait)
    return fail(
      `Job/${name}: no init container waits for its Backup to complete (kubectl wait --for=jsonpath={.status.phase}=completed backup/$(JOB_NAME), JOB_NAME from ${JOB_NAME_LABEL})`,
    );
  const waitS = Number(/^--timeout=(\d+)s$/.exec((wait.args ?? []).find((arg) => arg.startsWith('--timeout=')) ?? '')?.[1]);
  const deadlineS = Number(env(job.spec.template.spec.containers[0], 'MIGRATE_DEADLINE_S'));
  if (!(waitS > 0)) fail(`Job/${name}: the backup wait needs a --timeout in seconds`);
  else if (!(job.spec.activeDeadlineSeconds > waitS + deadlineS))
    fail(
      `Job/${name}: activeDeadlineSeconds (${job.spec.activeDeadlineSeconds}) must cover the backup wait (${waitS} s) and the migrations (MIGRATE_DEADLINE_S ${deadlineS} s)`,
    );

  const account = podSpec.serviceAccountName;
  const binding = objects.find(
    (object) =>
      object.kind === 'RoleBinding' &&
      object.roleRef?.kind === 'Role' &&
      (object.subjects ?? []).some((subject) => subject.kind === 'ServiceAccount' && subject.name === account),
  );
  const role = objects.find((object) => object.kind === 'Role' && object.metadata.name === binding?.roleRef.name);
  const readsBackups = (role?.rules ?? []).some(
    (rule) =>
      rule.apiGroups?.includes('postgresql.cnpg.io') &&
      rule.resources?.includes('backups') &&
      ['get', 'list', 'watch'].every((verb) => rule.verbs?.includes(verb)),
  );
  if (!account || podSpec.automountServiceAccountToken !== true || !readsBackups)
    fail(
      `Job/${name}: its ServiceAccount must be bound to a Role that reads postgresql.cnpg.io backups (get, list, watch), its token mounted`,
    );
  const writes = (role?.rules ?? []).some((rule) => (rule.verbs ?? []).some((verb) => !['get', 'list', 'watch'].includes(verb)));
  if (writes) fail(`Role/${role.metadata.name}: the migration Job only reads Backups`);
  for (const object of [objects.find((entry) => entry.kind === 'ServiceAccount' && entry.metadata.name === account), role, binding])
    if (object && (!isPreSyncHook(object) || !(waveOf(object) < waveOf(backup))))
      fail(
        `${object.kind}/${object.metadata.name} must be an Argo CD PreSync hook a sync-wave before the Backup (it must exist when the Job starts)`,
      );
}
