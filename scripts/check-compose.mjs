#!/usr/bin/env node
// Validates both compose modes offline with docker-compose (no Docker engine needed) and checks the
// rules an operator relies on. Development: `docker compose up` with no settings (the override file
// is read automatically). Production: the prod file against infra/compose/test-production.env, and
// refusing to render without its secrets. Exits non-zero naming every broken rule.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const problems = [];
const fail = (message) => problems.push(message);

const APPS = ['gateway', 'auth', 'billing', 'notifications', 'assets', 'generation', 'listings', 'publishing'];
const DATABASE_APPS = APPS.filter((name) => name !== 'gateway');
const ONE_SHOT = new Set(['migrate', 'minio-init']);
/** Which app may see which secret or setting: each service gets only its own variables. */
const OWNERS = {
  SESSION_SECRET: ['auth'],
  STRIPE_SECRET_KEY: ['billing'],
  STRIPE_WEBHOOK_SECRET: ['billing'],
  TRIAL_HASH_KEY: ['billing'],
  SMTP_URL: ['notifications'],
  MAIL_FROM: ['notifications'],
  OPENAI_API_KEY: ['generation', 'listings'],
  IMAGE_PROVIDER: ['generation'],
  CONNECTIONS_KEY: ['publishing'],
  GOOGLE_CLIENT_SECRET: ['gateway'],
  // migrate: it makes the bucket (scripts/migrate.mjs); the apps never do
  S3_SECRET_KEY: ['gateway', 'assets', 'generation', 'minio-init', 'migrate', 'bucket-backup'],
  DATABASE_URL: DATABASE_APPS,
  DATABASE_ADMIN_URL: ['migrate'],
  // every app's (and the migration step's) NATS password, which only the NATS server holds all of
  ...Object.fromEntries([...APPS, 'migrate'].map((name) => [natsPasswordVariable(name), ['nats']])),
};
/** The variable holding an app's NATS password on the NATS server (packages/contracts/src/nats-access.ts). */
function natsPasswordVariable(app) {
  return `NATS_${app.toUpperCase()}_PASSWORD`;
}

/**
 * The bucket is backed up beside the dump (issue 41 item 9): a service mirroring it with scripts/backup.mjs,
 * from the image that ships the script, on the dump's interval and retention, into the dump's host folder.
 */
function checkBucketBackup(prod, dbBackup) {
  const found = Object.entries(prod.services).filter(([, service]) =>
    /backup\.mjs create-storage/.test([service.entrypoint, service.command].flat().filter(Boolean).join(' ')),
  );
  if (found.length === 0) {
    fail('production: no service runs `backup.mjs create-storage`: the bucket is never backed up beside the database');
    return;
  }
  const [name, service] = found[0];
  const command = [service.entrypoint, service.command].flat().filter(Boolean).join(' ');
  if (!/sleep/.test(command) || !/-name '?storage-\*'? -mtime \+\$\$?BACKUP_RETENTION_DAYS .*rm -rf/.test(command))
    fail(`production: ${name} must mirror the bucket on an interval and delete mirrors older than BACKUP_RETENTION_DAYS`);
  const env = service.environment ?? {};
  if (env.STORAGE_DRIVER !== 's3' || !/^https:\/\//.test(env.S3_ENDPOINT ?? ''))
    fail(`production: ${name} must read the configured S3 bucket (STORAGE_DRIVER=s3, S3_ENDPOINT)`);
  if (env.S3_BUCKET !== prod.services.assets?.environment?.S3_BUCKET && env.S3_BUCKET !== prod.services.migrate?.environment?.S3_BUCKET)
    fail(`production: ${name} backs up bucket ${env.S3_BUCKET}, not the apps' ${prod.services.migrate?.environment?.S3_BUCKET}`);
  for (const variable of ['BACKUP_INTERVAL_HOURS', 'BACKUP_RETENTION_DAYS'])
    if (env[variable] !== dbBackup?.environment?.[variable])
      fail(`production: ${name}'s ${variable} (${env[variable]}) differs from db-backup's: the dump and the bucket go together`);
  // docker-compose 1.x renders `source:target:mode`, 2.x objects
  const hostFolder = (svc) =>
    (svc?.volumes ?? [])
      .map((volume) => (typeof volume === 'string' ? { source: volume.split(':')[0], target: volume.split(':')[1] } : volume))
      .find((volume) => volume.target === '/backups')?.source;
  if (!hostFolder(service) || hostFolder(service) !== hostFolder(dbBackup))
    fail(`production: ${name} must write into the dump's host folder (BACKUP_DIR mounted at /backups)`);
  const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
  if (service.build?.target !== 'migrate' || !/cp [^\n]*scripts\/backup\.mjs[^\n]*\/bundle\/scripts\//.test(dockerfile))
    fail(`production: ${name} must run the migrate image, and the Dockerfile must copy scripts/backup.mjs into it`);
}

function compose(files, envFile, extra = []) {
  const args = [...files.flatMap((file) => ['-f', file]), ...(envFile ? ['--env-file', envFile] : []), 'config', ...extra];
  // Only the variables compose itself needs: the developer's shell or .env must not hide a missing secret.
  const env = { PATH: process.env.PATH, HOME: process.env.HOME ?? '/tmp' };
  return spawnSync('docker-compose', args, { cwd: root, env, encoding: 'utf8' });
}

function render(mode, files, envFile) {
  const result = compose(files, envFile);
  if (result.status !== 0) {
    fail(`${mode}: docker-compose config failed: ${result.stderr.trim()}`);
    return null;
  }
  return YAML.parse(result.stdout);
}

function checkCommon(mode, config) {
  for (const name of ['prometheus', 'grafana', 'alertmanager', 'nats-exporter']) {
    if (!config.services[name]?.profiles?.includes('observability'))
      fail(`${mode}: ${name} must be in the optional "observability" profile`);
  }
  for (const [name, service] of Object.entries(config.services)) {
    if (service.container_name) fail(`${mode}: ${name} has a fixed container_name (it could not be scaled)`);
    const image = service.image ?? '';
    const built = Boolean(service.build);
    if (!built && (!/:[^/]+$/.test(image) || /:latest$/.test(image))) fail(`${mode}: ${name} image "${image}" is not pinned to a version`);
    if (/^(docker\.io\/)?minio\//.test(image)) fail(`${mode}: ${name} pulls from Docker Hub's minio/*, which MinIO no longer publishes`);
    if (ONE_SHOT.has(name)) {
      if (service.restart && service.restart !== 'no') fail(`${mode}: one-shot ${name} must not restart`);
      continue;
    }
    if (service.restart !== 'unless-stopped') fail(`${mode}: ${name} must have restart: unless-stopped`);
    if (!service.healthcheck?.test) fail(`${mode}: ${name} has no health check`);
    else if (!service.healthcheck.start_period) fail(`${mode}: ${name}'s health check has no start_period`);
  }
  for (const name of APPS) {
    const service = config.services[name];
    if (!service) {
      fail(`${mode}: app ${name} is missing`);
      continue;
    }
    const env = service.environment ?? {};
    if (env.MIGRATE_ON_START !== 'false') fail(`${mode}: ${name} must not migrate on start (the migrate service does)`);
    if (service.depends_on?.migrate?.condition !== 'service_completed_successfully')
      fail(`${mode}: ${name} must wait for the migrate service`);
    if (DATABASE_APPS.includes(name)) {
      const user = env.DATABASE_URL ? decodeURIComponent(new URL(env.DATABASE_URL).username) : '';
      if (user !== `printloom_${name}`) fail(`${mode}: ${name} connects to PostgreSQL as "${user}", not its own role printloom_${name}`);
    }
  }
  for (const [name, service] of Object.entries(config.services)) {
    for (const variable of Object.keys(service.environment ?? {})) {
      const owners = OWNERS[variable];
      if (owners && !owners.includes(name)) fail(`${mode}: ${name} receives ${variable}, which belongs to ${owners.join(', ')}`);
    }
  }
  // NATS admits only the apps' own users (infra/nats, generated permissions): each app connects as its
  // own user, with the password the server holds for that user.
  const nats = config.services.nats;
  if (!nats?.command?.includes('/etc/nats/nats.conf')) fail(`${mode}: nats must start with --config /etc/nats/nats.conf`);
  const mounts = (nats?.volumes ?? []).map((volume) =>
    typeof volume === 'object' ? [volume.source, volume.target] : String(volume).split(':').slice(0, 2),
  );
  if (!mounts.some(([source, target]) => String(source).endsWith('/infra/nats') && target === '/etc/nats'))
    fail(`${mode}: nats must mount infra/nats (its configuration and the generated authorization) at /etc/nats`);
  // the migration step makes the streams as the NATS user `migrate` (the apps may not), once NATS is up
  const migrate = config.services.migrate;
  if (migrate?.depends_on?.nats?.condition !== 'service_healthy') fail(`${mode}: migrate must wait for a healthy nats`);
  for (const name of [...APPS, 'migrate']) {
    const env = config.services[name]?.environment ?? {};
    if (env.NATS_USER !== name)
      fail(`${mode}: ${name} must connect to NATS as its own user (NATS_USER=${name}), not "${env.NATS_USER ?? ''}"`);
    if (!env.NATS_PASSWORD) fail(`${mode}: ${name} has no NATS_PASSWORD`);
    const held = nats?.environment?.[natsPasswordVariable(name)];
    if (held !== JSON.stringify(env.NATS_PASSWORD ?? ''))
      fail(
        `${mode}: nats must hold ${name}'s password as ${natsPasswordVariable(name)}, in double quotes ("…") so that it reads as a string`,
      );
  }

  const published = Object.entries(config.services).filter(([, service]) => service.ports?.length);
  for (const [name, service] of published) {
    if (name === 'web') continue;
    for (const port of service.ports) {
      const hostIp =
        typeof port === 'object' ? port.host_ip : String(port).split(':').length === 3 ? String(port).split(':')[0] : undefined;
      if (hostIp !== '127.0.0.1') fail(`${mode}: ${name} publishes a port beyond 127.0.0.1 (${JSON.stringify(port)})`);
    }
  }
}

const dev = render('development', ['docker-compose.yml', 'docker-compose.override.yml']);
if (dev) {
  checkCommon('development', dev);
  const expected = [
    'alertmanager',
    'assets',
    'auth',
    'billing',
    'gateway',
    'generation',
    'grafana',
    'listings',
    'local-shop',
    'mailpit',
    'migrate',
    'minio',
    'minio-init',
    'nats',
    'nats-exporter',
    'notifications',
    'postgres',
    'prometheus',
    'publishing',
    'web',
  ];
  const services = Object.keys(dev.services).sort();
  if (services.join(' ') !== expected.join(' ')) fail(`development: services are ${services.join(' ')}, expected ${expected.join(' ')}`);
  if (dev.services.minio?.image !== 'quay.io/minio/minio:RELEASE.2025-09-07T16-13-09Z')
    fail('development: MinIO must be the last public release from quay.io');
  for (const name of ['gateway', 'assets', 'generation']) {
    if (dev.services[name]?.depends_on?.['minio-init']?.condition !== 'service_completed_successfully')
      fail(`development: ${name} must wait for MinIO and its bucket`);
  }
  if (dev.services.notifications?.environment?.SMTP_URL !== 'smtp://mailpit:1025') fail('development: notifications must send to Mailpit');
}

const prodFiles = ['docker-compose.yml', 'docker-compose.prod.yml'];
const prod = render('production', prodFiles, 'infra/compose/test-production.env');
if (prod) {
  checkCommon('production', prod);
  for (const name of ['minio', 'minio-init', 'mailpit', 'local-shop'])
    if (prod.services[name]) fail(`production: ${name} must not run in production mode`);
  for (const name of [...APPS, 'migrate']) {
    if (prod.services[name]?.environment?.NODE_ENV !== 'production') fail(`production: ${name} must run with NODE_ENV=production`);
  }
  for (const name of ['gateway', 'assets', 'generation']) {
    if (!/^https:\/\//.test(prod.services[name]?.environment?.S3_ENDPOINT ?? ''))
      fail(`production: ${name} must use the configured S3 endpoint`);
  }
  // Every app whose configuration reads PUBLIC_URL writes links with it (mails, downloads, Printify's
  // print files): in production each gets the one the users see, never its localhost default (issue 41 item 10).
  for (const name of APPS) {
    const configFile = name === 'gateway' ? 'gateway/src/config.ts' : `services/${name}/src/config.ts`;
    if (!/\bPUBLIC_URL\b/.test(readFileSync(path.join(root, configFile), 'utf8'))) continue;
    const value = prod.services[name]?.environment?.PUBLIC_URL;
    if (!/^https:\/\//.test(value ?? '') || /localhost|127\.0\.0\.1/.test(value))
      fail(
        `production: ${name} writes links with PUBLIC_URL (${configFile}) but gets ${value ?? 'none'}: give it PUBLIC_URL (\${PUBLIC_URL:?})`,
      );
  }
  // The database is backed up on a schedule with a retention (issue 41 item 9), by the PostgreSQL it dumps.
  const backup = prod.services['db-backup'];
  const command = [backup?.entrypoint, backup?.command].flat().filter(Boolean).join(' ');
  if (!backup) fail('production: no db-backup service: the database is never backed up on a schedule');
  else {
    if (!/pg_dump/.test(command) || !/-mtime \+\$\$?BACKUP_RETENTION_DAYS/.test(command) || !/sleep/.test(command))
      fail('production: db-backup must pg_dump on an interval and delete dumps older than BACKUP_RETENTION_DAYS');
    if (!(Number(backup.environment?.BACKUP_RETENTION_DAYS) > 0)) fail('production: db-backup needs a BACKUP_RETENTION_DAYS');
    const major = (image) => /^postgres:(\d+)\./.exec(image ?? '')?.[1];
    if (major(backup.image) !== major(prod.services.postgres?.image))
      fail(`production: db-backup runs ${backup.image}, the database ${prod.services.postgres?.image}: one major version`);
    if (!backup.volumes?.length) fail('production: db-backup must write to a host folder (BACKUP_DIR)');
  }
  checkBucketBackup(prod, backup);
  // Alerts reach someone (issue 41 item 10): Alertmanager's receivers come from .env, required in production.
  for (const variable of ['ALERT_WEBHOOK_URL', 'ALERT_HEARTBEAT_URL'])
    if (!/^https:\/\//.test(prod.services.alertmanager?.environment?.[variable] ?? ''))
      fail(`production: alertmanager must take ${variable} from .env (\${${variable}:?})`);
  // Without its secrets, production mode refuses to render and names what is missing.
  const empty = path.join(mkdtempSync(path.join(os.tmpdir(), 'pl-compose-')), 'empty.env');
  writeFileSync(empty, '');
  const refused = compose(prodFiles, empty, ['-q']);
  if (refused.status === 0) fail('production: renders without any secret set; every secret must be required (${VAR:?})');
  else if (!/set [A-Z_]+/.test(refused.stderr)) fail(`production: refused without naming the variable: ${refused.stderr.trim()}`);
}

// nginx (infra/nginx/default.conf, a template the image renders at start): re-resolves the gateway,
// waits longer than the app's longest request, and tells caches that responses vary by encoding.
{
  const template = readFileSync(path.join(root, 'infra/nginx/default.conf'), 'utf8');
  const rendered = template.replaceAll('${NGINX_LOCAL_RESOLVERS}', '127.0.0.11').replaceAll('${GATEWAY_UPSTREAM}', 'http://gateway:3000');
  // The longest a gateway waits for a service (TIME_BUDGETS in packages/contracts/src/time-budgets.ts).
  const budgets = readFileSync(path.join(root, 'packages/contracts/src/time-budgets.ts'), 'utf8');
  const LONGEST_REQUEST_S =
    Math.max(...[...budgets.matchAll(/gateway: ([\d_]+)/g)].map((match) => Number(match[1].replaceAll('_', '')))) / 1000;
  if (!/^\s*resolver\s+127\.0\.0\.11\s+valid=\d+s/m.test(rendered))
    fail('nginx: no resolver with a short validity: a recreated gateway would get 502s');
  if (!/set \$gateway_upstream http:\/\/gateway:3000;/.test(rendered) || !/proxy_pass \$gateway_upstream;/.test(rendered))
    fail('nginx: proxy_pass must use a variable so the gateway is resolved at request time');
  if (!/^\s*gzip_vary on;/m.test(rendered)) fail('nginx: gzip_vary on is missing');
  for (const directive of ['proxy_read_timeout', 'proxy_send_timeout']) {
    const seconds = Number(new RegExp(`${directive} (\\d+)s;`).exec(rendered)?.[1] ?? 0);
    if (seconds <= LONGEST_REQUEST_S)
      fail(`nginx: ${directive} ${seconds}s is not above the app's longest request (${LONGEST_REQUEST_S}s)`);
  }
}

// Compose in production (issue 32): logs rotate and memory is limited for every service, web is
// published on 127.0.0.1 unless told otherwise, the gateway's TRUST_PROXY comes from the environment,
// and the images install exactly the lock file.
for (const [mode, config] of [
  ['development', dev],
  ['production', prod],
]) {
  for (const [name, service] of Object.entries(config?.services ?? {})) {
    const options = service.logging?.options ?? {};
    if (service.logging?.driver !== 'json-file' || !options['max-size'] || !options['max-file'])
      fail(`${mode}: ${name} has no log rotation (logging: json-file with max-size and max-file)`);
    if (!service.deploy?.resources?.limits?.memory) fail(`${mode}: ${name} has no memory limit (deploy.resources.limits.memory)`);
  }
  for (const port of config?.services.web?.ports ?? []) {
    const hostIp = typeof port === 'object' ? port.host_ip : String(port).split(':').length === 3 ? String(port).split(':')[0] : undefined;
    if (hostIp !== '127.0.0.1') fail(`${mode}: web is published beyond 127.0.0.1 by default (${JSON.stringify(port)}); WEB_BIND opens it`);
  }
}
// Graceful stops finish the work (issue 32): Docker waits the image model's timeout + 20 s before it kills
// a stopping generation worker, which finishes running jobs for that timeout + 10 s (or JOB_STOP_GRACE_MS).
{
  const configSource = readFileSync(path.join(root, 'services/generation/src/config.ts'), 'utf8');
  const defaultTimeoutMs = Number(/OPENAI_TIMEOUT_MS: z[^;]*?\.default\(([\d_]+)\)/.exec(configSource)[1].replaceAll('_', ''));
  const durationS = (value) =>
    [...String(value ?? '').matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s|us|ns)/g)].reduce(
      (total, [, amount, unit]) => total + Number(amount) * { h: 3600, m: 60, s: 1, ms: 1e-3, us: 1e-6, ns: 1e-9 }[unit],
      0,
    );
  for (const [mode, config] of [
    ['development', dev],
    ['production', prod],
  ]) {
    const generation = config?.services.generation;
    if (!generation) continue;
    const timeoutS = Number(generation.environment?.OPENAI_TIMEOUT_MS ?? defaultTimeoutMs) / 1000;
    const stopGraceS = Number(generation.environment?.JOB_STOP_GRACE_MS ?? timeoutS * 1000 + 10_000) / 1000;
    const graceS = durationS(generation.stop_grace_period);
    if (graceS !== timeoutS + 20)
      fail(
        `${mode}: generation's stop_grace_period (${generation.stop_grace_period ?? '10s, the default'}) must be the image model's timeout + 20 s (${timeoutS + 20}s)`,
      );
    if (!(stopGraceS + 5 <= graceS))
      fail(
        `${mode}: generation finishes jobs for ${stopGraceS} s on stop but is killed after ${graceS} s: leave 5 s to hand back and close`,
      );
  }
}
if (dev?.services.gateway?.environment?.TRUST_PROXY !== '1') fail('development: the gateway behind nginx alone must trust 1 proxy');
if (prod?.services.gateway?.environment?.TRUST_PROXY !== '2')
  fail('production: TRUST_PROXY must come from the environment (test-production.env: 2, a TLS proxy in front of web)');
if (!/TRUST_PROXY: \$\{TRUST_PROXY:\?/.test(readFileSync(path.join(root, 'docker-compose.prod.yml'), 'utf8')))
  fail('production: TRUST_PROXY must be required from the environment (${TRUST_PROXY:?...})');
for (const file of ['Dockerfile', 'infra/frontend.Dockerfile']) {
  const text = readFileSync(path.join(root, file), 'utf8');
  if (!/^RUN npm ci\b/m.test(text) || /^RUN npm install\b/m.test(text))
    fail(`${file}: dependencies must be installed with npm ci from the lock file`);
}

if (problems.length) {
  for (const problem of problems) process.stderr.write(`[compose] ${problem}\n`);
  process.exit(1);
}
process.stdout.write(
  `[compose] development (${Object.keys(dev.services).length} services) and production (${Object.keys(prod.services).length} services) modes are valid\n`,
);
