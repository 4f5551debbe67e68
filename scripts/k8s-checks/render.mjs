// Renders an overlay offline and finds the schema of each object it holds.
import { spawnSync } from 'node:child_process';
import YAML from 'yaml';
import { root } from './objects.mjs';

export function render(overlay) {
  // KUBECTL picks another client, e.g. Debian's kubernetes-client 1.20 (kustomize v2).
  const result = spawnSync(process.env.KUBECTL || 'kubectl', ['kustomize', overlay], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`kubectl kustomize ${overlay} failed: ${result.stderr}`);
  return YAML.parseAllDocuments(result.stdout)
    .map((doc) => doc.toJS())
    .filter(Boolean);
}

export async function modelFor(object) {
  const [group, version] = object.apiVersion.includes('/') ? object.apiVersion.split('/') : ['', object.apiVersion];
  const candidates =
    group === 'keda.sh' ? [`@kubernetes-models/keda/${group}/${version}`] : [`kubernetes-models/${group ? `${group}/` : ''}${version}`];
  for (const specifier of candidates) {
    try {
      const module = await import(specifier);
      if (module[object.kind]) return module[object.kind];
    } catch {
      // no such group in the models
    }
  }
  return null;
}
