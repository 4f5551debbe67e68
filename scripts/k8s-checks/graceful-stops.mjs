// Issue 41 item 6: deploys without 502s or cut work. The request-path pods wait in preStop while
// endpoints drop them, then have a grace period covering that wait, the longest request they may be
// serving (the contracts' TIME_BUDGETS) and a few seconds to close; web's nginx quits gracefully.
import { TIME_BUDGETS } from '@printloom/contracts';

const CLOSE_S = 10;
const longest = (layer) => Math.max(...Object.values(TIME_BUDGETS).map((budget) => budget[layer] ?? 0)) / 1000;
/** What each pod may be serving when it is stopped: the gateway and web the gateway's budgets, assets its service's. */
const LONGEST_S = { gateway: longest('gateway'), web: longest('gateway'), assets: longest('service') };

const preStopSeconds = (container) => {
  const command = (container?.lifecycle?.preStop?.exec?.command ?? []).join(' ');
  const seconds = /\bsleep\s+(\d+)/.exec(command)?.[1];
  return seconds === undefined ? undefined : Number(seconds);
};

export function checkGracefulStops(fail, objects) {
  for (const [app, longestS] of Object.entries(LONGEST_S)) {
    const deployment = objects.find((object) => object.kind === 'Deployment' && object.metadata.name === app);
    if (!deployment) continue;
    const spec = deployment.spec.template.spec;
    const container = spec.containers.find((entry) => entry.name === app);
    const waitS = preStopSeconds(container);
    if (!(waitS >= 3))
      fail(`Deployment/${app}: no preStop delay (sleep ≥ 3 s): it is stopped while the edge still sends it requests (502s)`);
    const needed = (waitS ?? 0) + longestS + CLOSE_S;
    if (!(spec.terminationGracePeriodSeconds >= needed))
      fail(
        `Deployment/${app}: terminationGracePeriodSeconds ${spec.terminationGracePeriodSeconds ?? 30} cuts its longest request: needs ${needed} (preStop ${waitS ?? 0} s + ${longestS} s + ${CLOSE_S} s)`,
      );
    if (app === 'web' && !/nginx -s quit/.test((container?.lifecycle?.preStop?.exec?.command ?? []).join(' ')))
      fail('Deployment/web: SIGTERM stops nginx at once, cutting downloads: quit it gracefully in preStop (nginx -s quit)');
  }
}
