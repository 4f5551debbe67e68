#!/usr/bin/env node
// Sets the release Kubernetes runs, in one step (issue 41 item 7): every image's newTag in the production
// overlay, the migration Job's name, which must follow the tag (a Job's pod template is immutable, so
// each release needs a Job of its own: printloom-migrate-<tag with dashes>), and the pre-migration
// Backup's, which is the Job's (the Job waits for the Backup of its own name).
//   node scripts/release.mjs 0.2.0     write both
//   node scripts/release.mjs --check   exit 1 when the images' tags differ or the Job's name does not follow them
// scripts/check-k8s.mjs runs the check.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import YAML from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const IMAGES_KUSTOMIZATION = 'infra/k8s/overlays/production-core/kustomization.yaml';
export const MIGRATE_JOB = 'infra/k8s/base/migrate-job.yaml';
export const PRE_MIGRATE_BACKUP = 'infra/k8s/overlays/production-core/pre-migrate-backup.yaml';
export const jobNameFor = (tag) => `printloom-migrate-${tag.replaceAll('.', '-')}`;

const read = (file) => readFileSync(path.join(root, file), 'utf8');

/** The problems of the files as they are: tags that differ, a Job named after another release. */
export function releaseProblems() {
  const tags = [...new Set(YAML.parse(read(IMAGES_KUSTOMIZATION)).images.map((image) => image.newTag))];
  const job = YAML.parse(read(MIGRATE_JOB)).metadata.name;
  if (tags.length !== 1) return [`${IMAGES_KUSTOMIZATION}: the images carry several tags (${tags.join(', ')}): one release at a time`];
  if (job !== jobNameFor(tags[0])) return [`${MIGRATE_JOB}: the Job is ${job}, release ${tags[0]} needs ${jobNameFor(tags[0])}`];
  const backup = YAML.parseAllDocuments(read(PRE_MIGRATE_BACKUP))[0].toJS().metadata.name;
  if (backup !== job) return [`${PRE_MIGRATE_BACKUP}: the Backup is ${backup}, the Job waits for one named ${job}`];
  return [];
}

async function write(file, document) {
  const target = path.join(root, file);
  const text = document.toString({ lineWidth: 0 });
  writeFileSync(target, await prettier.format(text, { ...(await prettier.resolveConfig(target)), parser: 'yaml' }));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [argument] = process.argv.slice(2);
  if (argument === '--check') {
    const problems = releaseProblems();
    for (const problem of problems) process.stderr.write(`[release] ${problem}: run node scripts/release.mjs <tag>\n`);
    process.exit(problems.length ? 1 : 0);
  }
  if (!/^[0-9A-Za-z][0-9A-Za-z._-]{0,60}$/.test(argument ?? '') || !/\d/.test(argument)) {
    process.stderr.write('usage: node scripts/release.mjs <tag, e.g. 0.2.0> | --check\n');
    process.exit(2);
  }
  const images = YAML.parseDocument(read(IMAGES_KUSTOMIZATION));
  for (const image of images.get('images').items) image.set('newTag', argument);
  await write(IMAGES_KUSTOMIZATION, images);
  const jobs = YAML.parseAllDocuments(read(MIGRATE_JOB));
  jobs[0].setIn(['metadata', 'name'], jobNameFor(argument));
  await write(MIGRATE_JOB, jobs[0]);
  // The Backup's file holds the RBAC the Job's wait uses too: only the first document's name changes.
  const backupFile = path.join(root, PRE_MIGRATE_BACKUP);
  const backupText = read(PRE_MIGRATE_BACKUP);
  const firstName = /^( {2}name: )printloom-migrate-\S+$/m;
  if (!firstName.test(backupText)) throw new Error(`${PRE_MIGRATE_BACKUP}: no Backup name to set`);
  writeFileSync(backupFile, backupText.replace(firstName, `$1${jobNameFor(argument)}`));
  process.stdout.write(`release ${argument}: every image's newTag, Job and pre-migration Backup ${jobNameFor(argument)}\n`);
}
