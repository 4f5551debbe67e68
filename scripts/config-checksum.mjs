// The checksum a pod template carries for a ConfigMap it mounts (printloom.io/config-checksum): a change
// of the data changes the pod template, so the pods roll. One function for the writer (nats-config.mjs)
// and the checker (check-k8s.mjs).
import { createHash } from 'node:crypto';

export function configChecksum(data) {
  const hash = createHash('sha256');
  for (const key of Object.keys(data ?? {}).sort()) hash.update(`${key}\0${data[key]}\0`);
  return hash.digest('hex').slice(0, 16);
}
