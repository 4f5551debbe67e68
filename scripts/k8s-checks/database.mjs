// CloudNativePG: Barman Cloud plugin, managed roles, one source per password, one PostgreSQL major.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DATABASE_APPS, podEnv, root } from './objects.mjs';

export function checkDatabaseCluster(fail, objects, secretsExample) {
  const all = (kind) => objects.filter((object) => object.kind === kind);
  const named = (kind, name) => objects.find((object) => object.kind === kind && object.metadata.name === name);
  const job = all('Job').find((object) => /migrate/.test(object.metadata.name));
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
}
