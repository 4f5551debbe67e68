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
