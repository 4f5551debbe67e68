// Shared by the Kubernetes checks: where the repository is, the apps, and small readers of rendered objects.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BACKEND_APPS = ['gateway', 'auth', 'billing', 'notifications', 'assets', 'generation', 'listings', 'publishing'];
export const DATABASE_APPS = BACKEND_APPS.filter((app) => app !== 'gateway');

export const at = (object, keys) => keys.reduce((value, key) => (value == null ? undefined : value[key]), object);
export const where = (object) => `${object.kind}/${object.metadata?.name}`;
export const matches = (selector, labels) => Object.entries(selector?.matchLabels ?? {}).every(([key, value]) => labels?.[key] === value);
export const quantity = (value) => {
  const match = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|KiB|MiB|GiB)?$/.exec(String(value ?? ''));
  if (!match) return 0;
  const unit = (match[2] ?? '').replace(/B$/, '');
  return Number(match[1]) * ({ '': 1, Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3 }[unit] ?? 1);
};
export const canonical = (value) =>
  JSON.stringify(value, (key, item) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );
export const podEnv = (container) => new Map((container?.env ?? []).map((variable) => [variable.name, variable]));
export const tagOf = (image) => /:([^/:@]+)$/.exec(image ?? '')?.[1];
