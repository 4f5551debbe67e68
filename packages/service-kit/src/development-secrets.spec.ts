import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { DEVELOPMENT_SECRETS, productionSecretProblem } from './config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every file of the repository that writes a secret's value: env examples, compose files, scripts, code defaults. */
function filesThatMayWriteSecrets(): string[] {
  const topLevel = readdirSync(root).filter((name) => /^(\.env.*|docker-compose.*\.ya?ml|compose.*\.ya?ml)$/.test(name));
  const more = ['scripts/dev.mjs', 'scripts/test.mjs', 'services/auth/src/config.ts', 'frontend/e2e/run.mjs'];
  const infra = (dir: string): string[] =>
    existsSync(path.join(root, dir))
      ? readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory()
            ? infra(path.join(dir, entry.name))
            : /\.(ya?ml|env|conf|json)$/.test(entry.name)
              ? [path.join(dir, entry.name)]
              : [],
        )
      : [];
  return [...topLevel, ...more, ...infra('infra')].filter((file) => existsSync(path.join(root, file)));
}

function secretsWrittenIn(text: string): string[] {
  // The secrets production refuses on a development value (auth's SESSION_SECRET, billing's TRIAL_HASH_KEY).
  const patterns = ['SESSION_SECRET', 'TRIAL_HASH_KEY'].flatMap((name) => [
    new RegExp(`${name}\\s*=\\s*(?!["']?\\$)([^\\s#]+)`, 'g'), // .env files (not a shell substitution such as "$(openssl rand …)")
    new RegExp(`${name}:\\s*"?\\$\\{${name}:-([^}]+)\\}`, 'g'), // compose with a fallback
    new RegExp(`^\\s*-?\\s*${name}:\\s*["']?([^\\s"'$]{4,})["']?\\s*$`, 'gm'), // compose / k8s literal
    new RegExp(`${name}\\s*\\?\\?\\s*'([^']+)'`, 'g'), // scripts: process.env.SESSION_SECRET ?? '…'
  ]);
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]));
}

describe('development secrets', () => {
  it('lists every SESSION_SECRET and TRIAL_HASH_KEY value written in the repository, so production refuses each', () => {
    const found = filesThatMayWriteSecrets().flatMap((file) =>
      secretsWrittenIn(readFileSync(path.join(root, file), 'utf8')).map((value) => ({ file, value })),
    );
    expect(found.length).toBeGreaterThanOrEqual(3);
    for (const { file, value } of found) {
      expect({ file, refused: productionSecretProblem(value) !== undefined, listed: DEVELOPMENT_SECRETS.includes(value) }).toEqual({
        file,
        refused: true,
        listed: true,
      });
    }
  });
});
