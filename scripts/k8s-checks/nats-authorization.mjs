import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BACKEND_APPS, root } from './objects.mjs';

/**
 * NATS admits only the apps' own users: its ConfigMap carries the generated authorization, its pods hold
 * every app's password (quoted, from the Secret printloom-nats), and each app connects as its own user
 * with NATS_PASSWORD in its own Secret; the migration Job connects as `migrate` (the only user that
 * creates and updates streams), its password from a Secret no app reads.
 */
export function checkNatsAuthorization(fail, objects, workloads, described) {
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
