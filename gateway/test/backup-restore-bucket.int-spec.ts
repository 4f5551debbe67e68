import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'minio';
import S3rver from 's3rver';

import { freePort } from '@printloom/service-kit/testing';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../..');

async function readObject(client: Client, bucket: string, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await client.getObject(bucket, key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function bucketContents(client: Client, bucket: string): Promise<Map<string, Buffer>> {
  const contents = new Map<string, Buffer>();
  for await (const object of client.listObjectsV2(bucket, '', true)) {
    if (object.name) contents.set(object.name, await readObject(client, bucket, object.name));
  }
  return new Map([...contents].sort(([a], [b]) => a.localeCompare(b)));
}

// What compose production's bucket-backup service runs on its schedule (`create-storage`), and the
// restore docs/operations.md "Restoring the bucket (compose)" walks through, against a server speaking S3.
describe('bucket backup and restore (scripts/backup.mjs against an S3 server, s3rver)', () => {
  let server: S3rver;
  let s3: Client;
  let env: NodeJS.ProcessEnv;
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'pl-bucket-backup-'));
  const bucket = 'printloom-live';
  const backupDir = path.join(scratch, 'backups', 'storage-20261128T020000Z');
  const backupScript = (args: string[], bucketName = bucket) =>
    run(process.execPath, ['scripts/backup.mjs', ...args], { cwd: repoRoot, env: { ...env, S3_BUCKET: bucketName } });

  beforeAll(async () => {
    const port = await freePort();
    server = new S3rver({ port, address: '127.0.0.1', silent: true, directory: path.join(scratch, 's3rver') });
    await server.run();
    s3 = new Client({ endPoint: '127.0.0.1', port, useSSL: false, accessKey: 'S3RVER', secretKey: 'S3RVER', pathStyle: true });
    env = {
      ...process.env,
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
    };
    await s3.makeBucket(bucket, 'us-east-1');
  });

  afterAll(async () => {
    await server?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('brings the bucket back to the backup: deleted and overwritten objects return byte for byte, later ones go', async () => {
    const designs = {
      'designs/u1/a.png': Buffer.from('first design, the original bytes'),
      'designs/u1/b.png': Buffer.alloc(256 * 1024, 7),
      'exports/u2/kit.zip': Buffer.from('a listing kit'),
    };
    for (const [key, bytes] of Object.entries(designs)) await s3.putObject(bucket, key, bytes);

    const created = await backupScript(['create-storage', backupDir]);
    expect(created.stdout).toContain(`bucket backup in ${backupDir}: 3 files`);
    expect(existsSync(`${backupDir}.partial`)).toBe(false);
    const manifest = JSON.parse(readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
    expect(manifest.storage).toEqual({
      driver: 's3',
      bucket,
      files: 3,
      bytes: Object.values(designs).reduce((sum, b) => sum + b.length, 0),
    });

    // After the backup: one object deleted, one overwritten, one written that the backup never saw.
    await s3.removeObject(bucket, 'designs/u1/a.png');
    await s3.putObject(bucket, 'exports/u2/kit.zip', Buffer.from('overwritten by an accident'));
    await s3.putObject(bucket, 'designs/u3/later.png', Buffer.from('written after the backup'));

    // A bucket holding objects is refused, and left as it was.
    await expect(backupScript(['restore-storage', backupDir])).rejects.toMatchObject({
      stderr: expect.stringMatching(/bucket printloom-live is not empty \(3 objects\): restore into an empty one .* or pass --replace/),
    });
    expect([...(await bucketContents(s3, bucket)).keys()]).toEqual(['designs/u1/b.png', 'designs/u3/later.png', 'exports/u2/kit.zip']);

    // Into a new, empty bucket: exactly the backup.
    const restoredNew = await backupScript(['restore-storage', backupDir], 'printloom-restored');
    expect(restoredNew.stdout).toContain('restored bucket printloom-restored: 3 files, matching the backup');
    expect(await bucketContents(s3, 'printloom-restored')).toEqual(new Map(Object.entries(designs)));

    // In place with --replace: the bucket at the backup's point.
    const replaced = await backupScript(['restore-storage', backupDir, '--replace']);
    expect(replaced.stdout).toContain('deleted 1 objects the backup does not hold');
    expect(replaced.stdout).toContain('restored bucket printloom-live: 3 files, matching the backup');
    expect(await bucketContents(s3, bucket)).toEqual(new Map(Object.entries(designs)));
  }, 60_000);

  it('never leaves a half-written backup that looks whole', async () => {
    const target = path.join(scratch, 'backups', 'storage-unreachable');
    await expect(backupScript(['create-storage', target], 'no-such-bucket')).rejects.toMatchObject({ code: 1 });
    expect(existsSync(target)).toBe(false);
    expect(existsSync(`${target}.partial`)).toBe(false);
  });
});
