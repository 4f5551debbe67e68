// What every pod of ours must hold: pinned images, requests and limits, non-root, a read-only root
// filesystem, and separate liveness and readiness checks on running containers.
import { where } from './objects.mjs';

export function imagePinned(image) {
  if (/@sha256:[0-9a-f]{64}$/.test(image)) return true;
  const tag = /:([^/:]+)$/.exec(image)?.[1];
  return Boolean(tag) && tag !== 'latest' && /\d/.test(tag);
}

export function checkPodSpec(failOverlay, owner, podSpec, { probes }) {
  const fail = (message) => failOverlay(`${where(owner)}: ${message}`);
  if (podSpec.securityContext?.runAsNonRoot !== true) fail('pod must set securityContext.runAsNonRoot: true');
  for (const container of [...(podSpec.initContainers ?? []), ...podSpec.containers]) {
    const name = `container ${container.name}`;
    const running = podSpec.containers.includes(container); // init containers take no probes
    if (!imagePinned(container.image)) fail(`${name}: image ${container.image} is not pinned to a version`);
    for (const kind of ['requests', 'limits']) {
      for (const resource of ['cpu', 'memory'])
        if (!container.resources?.[kind]?.[resource]) fail(`${name}: resources.${kind}.${resource} missing`);
    }
    if (container.securityContext?.allowPrivilegeEscalation !== false) fail(`${name}: allowPrivilegeEscalation must be false`);
    if (container.securityContext?.readOnlyRootFilesystem !== true) fail(`${name}: readOnlyRootFilesystem must be true`);
    if (probes && running) {
      if (!container.readinessProbe) fail(`${name}: readinessProbe missing`);
      if (!container.livenessProbe) fail(`${name}: livenessProbe missing`);
      const paths = [container.readinessProbe?.httpGet?.path, container.livenessProbe?.httpGet?.path];
      if (paths[0] && paths[0] === paths[1] && /health/.test(paths[0]))
        fail(`${name}: liveness and readiness must be separate checks (/health/live, /health/ready)`);
    }
  }
}
