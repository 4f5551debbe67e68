// The edge on a real cluster (issue 41 items 2-4): long downloads are not cut by a whole-request
// timeout, cert-manager's HTTP-01 solver can be reached under default deny, and client addresses
// arrive without a load balancer setting nobody made (PROXY protocol only where it is turned on).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { ENDPOINTS } from '@printloom/contracts';

/** Endpoints that stream a file whose length has no bound we could put a deadline on. */
export const STREAMED_ENDPOINTS = [
  'downloadAsset',
  'downloadZip',
  'downloadListingKit',
  'downloadListingKitJob',
  'downloadBulkJob',
  'downloadPrintFile',
  'exportAccount',
];
/** The NetworkPolicies that name the edge controller's namespace (the same one in each). */
export const EDGE_POLICIES = ['web-from-edge', 'acme-http01-solver-from-edge'];
/** cert-manager's HTTP-01 solver pods: their label and port (cert-manager's acmesolver). */
const SOLVER_LABELS = { 'acme.cert-manager.io/http01-solver': 'true' };
const SOLVER_PORT = 8089;
/** The example ClusterIssuer the docs point at (not applied: it is cluster-wide and names your email). */
export const CLUSTER_ISSUER_EXAMPLE = 'infra/k8s/edge/gateway-api/cluster-issuer.example.yaml';
/** Namespaces the manifests may name besides the edge controller's. */
const KNOWN_NAMESPACES = new Set(['monitoring', 'keda', 'cnpg-system']);

const seconds = (duration) => {
  const match = /^(\d+)(ms|s|m|h)$/.exec(String(duration ?? ''));
  return match ? Number(match[1]) * { ms: 0.001, s: 1, m: 60, h: 3600 }[match[2]] : undefined;
};
const targets = (policy, kind, name) => (policy.spec.targetRefs ?? []).some((ref) => ref.kind === kind && ref.name === name);
const matchesLabels = (selector, labels) =>
  Object.entries(selector?.matchLabels ?? {}).every(([key, value]) => labels?.[key] === value) &&
  (selector?.matchExpressions ?? []).every((expression) =>
    expression.operator === 'In'
      ? expression.values.includes(labels?.[expression.key])
      : expression.operator === 'Exists'
        ? labels?.[expression.key] !== undefined
        : false,
  );
const peerNamespace = (peer) => peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'];

/** An example request path for an endpoint's pattern (`:id` → a value). */
const examplePath = (pattern) => pattern.replace(/:(\w+)/g, 'x$1');

/**
 * The rule of an HTTPRoute a path lands on, in Envoy Gateway's order (internal/gatewayapi/sort.go:
 * Exact, then RegularExpression, then PathPrefix; the longer value first within a type). Gateway API
 * prefixes match whole path elements; Envoy matches a regular expression against the whole path.
 */
export function ruleFor(route, requestPath) {
  const rank = { Exact: 0, RegularExpression: 1, PathPrefix: 2 };
  const candidates = [];
  for (const rule of route.spec.rules ?? [])
    for (const match of rule.matches ?? [{}]) {
      const { type = 'PathPrefix', value = '/' } = match.path ?? {};
      const prefix = value.replace(/\/$/, '');
      const hit =
        type === 'Exact'
          ? requestPath === value
          : type === 'RegularExpression'
            ? new RegExp(`^(?:${value})$`).test(requestPath)
            : prefix === '' || requestPath === prefix || requestPath.startsWith(`${prefix}/`);
      if (hit) candidates.push({ rule, rank: rank[type], length: value.length });
    }
  candidates.sort((a, b) => a.rank - b.rank || b.length - a.length);
  return candidates[0]?.rule;
}

/**
 * Item 2: the HTTPRoute's timeouts. Every endpoint lands on a rule; the streamed ones on a rule without
 * a whole-request timeout (timeouts.request: 0s disables it in Gateway API), bounded instead by a stream
 * idle timeout above nginx's (EDGE_TIMEOUT_MS: nginx's proxy_read_timeout is per read, so a stream that
 * keeps moving is never cut there); every other one on a rule whose timeouts sit above the edge budget.
 */
export function checkRouteTimeouts(fail, objects, { route, longestEdgeS }) {
  if (!route) return;
  const name = `HTTPRoute/${route.metadata.name}`;
  // The route's own (BackendTrafficPolicy, Envoy Gateway 1.8+) wins over the listener's (ClientTrafficPolicy,
  // 1.5+). With neither, Envoy Gateway turns the idle timeout off where the request timeout is 0s.
  const idleOf = (kind, targetKind, targetName) =>
    objects
      .filter((object) => object.kind === kind && targets(object, targetKind, targetName))
      .map((policy) => seconds(policy.spec.timeout?.http?.streamIdleTimeout))
      .find((value) => value !== undefined);
  const idle =
    idleOf('BackendTrafficPolicy', 'HTTPRoute', route.metadata.name) ??
    idleOf('ClientTrafficPolicy', 'Gateway', route.spec.parentRefs[0]?.name);
  for (const [id, { path: pattern }] of Object.entries(ENDPOINTS)) {
    const requestPath = examplePath(pattern);
    const rule = ruleFor(route, requestPath);
    if (!rule) {
      fail(`${name}: no rule takes ${pattern} (${id})`);
      continue;
    }
    const { request, backendRequest } = rule.timeouts ?? {};
    if (STREAMED_ENDPOINTS.includes(id)) {
      if (request !== '0s' || (backendRequest !== undefined && backendRequest !== '0s'))
        fail(
          `${name}: ${pattern} (${id}) streams a file but its rule cuts it after timeouts.request ${request ?? '(the default 15 s)'}${backendRequest ? ` / backendRequest ${backendRequest}` : ''}: give the downloads a rule with timeouts.request: 0s`,
        );
    } else {
      for (const [field, value] of Object.entries({ request, backendRequest }))
        if (!(seconds(value) > longestEdgeS))
          fail(
            `${name}: ${pattern} (${id}) lands on a rule whose timeouts.${field} (${value}) is not above the edge budget (${longestEdgeS} s)`,
          );
    }
  }
  const spa = ruleFor(route, '/library');
  if (!(seconds(spa?.timeouts?.request) > longestEdgeS)) fail(`${name}: the SPA's pages land on no rule with a request timeout`);
  if (!(idle > longestEdgeS))
    fail(
      `${name}: nothing bounds an idle download (timeout.http.streamIdleTimeout above nginx's ${longestEdgeS} s per read, on the ClientTrafficPolicy or a BackendTrafficPolicy), found ${idle ?? 'none'}`,
    );
}

/**
 * Item 3: under default deny, the edge's proxies reach cert-manager's HTTP-01 solver pods (they answer
 * /.well-known/acme-challenge/ on port 8089 in this namespace), and the edge namespace is named the same
 * in each edge policy (a controller elsewhere is one value to change).
 */
export function checkEdgeNamespace(fail, objects) {
  const policies = objects.filter((object) => object.kind === 'NetworkPolicy');
  const named = policies.flatMap((policy) =>
    (policy.spec.ingress ?? []).flatMap((rule) =>
      (rule.from ?? [])
        .map(peerNamespace)
        .filter((namespace) => namespace && !KNOWN_NAMESPACES.has(namespace))
        .map((namespace) => ({ policy: policy.metadata.name, namespace })),
    ),
  );
  const namespaces = [...new Set(named.map((entry) => entry.namespace))];
  if (namespaces.length !== 1 || named.some((entry) => !EDGE_POLICIES.includes(entry.policy)))
    fail(
      `the edge controller's namespace must be one, named only in the NetworkPolicies ${EDGE_POLICIES.join(', ')} (found: ${named.map((entry) => `${entry.policy}:${entry.namespace}`).join(', ') || 'none'})`,
    );
  const edge = named.find((entry) => entry.policy === 'web-from-edge')?.namespace;
  const solverReachable = policies
    .filter((policy) => Object.keys(policy.spec.podSelector ?? {}).length && matchesLabels(policy.spec.podSelector, SOLVER_LABELS))
    .flatMap((policy) => policy.spec.ingress ?? [])
    .filter((rule) => !rule.ports?.length || rule.ports.some((port) => port.port === SOLVER_PORT))
    .some((rule) => (rule.from ?? []).some((peer) => peerNamespace(peer) === edge && !Object.keys(peer.podSelector ?? {}).length));
  if (!solverReachable)
    fail(
      `default-deny-ingress blocks cert-manager's HTTP-01 solver: no NetworkPolicy lets the edge's namespace (${edge}) reach pods labelled acme.cert-manager.io/http01-solver=true on port ${SOLVER_PORT}`,
    );
}

/** Item 3, docs: the example ClusterIssuer solves HTTP-01 through this Gateway's plain-HTTP listener. */
export function checkClusterIssuerExample(fail, objects, { root }) {
  const gateway = objects.find((object) => object.kind === 'Gateway');
  if (!gateway) return;
  let issuer;
  try {
    issuer = YAML.parse(readFileSync(path.join(root, CLUSTER_ISSUER_EXAMPLE), 'utf8'));
  } catch {
    return fail(`${CLUSTER_ISSUER_EXAMPLE} is missing: the docs show the issuer the Gateway's annotation names`);
  }
  if (issuer?.metadata?.name !== gateway.metadata.annotations?.['cert-manager.io/cluster-issuer'])
    fail(`${CLUSTER_ISSUER_EXAMPLE}: the Gateway names cluster-issuer ${gateway.metadata.annotations?.['cert-manager.io/cluster-issuer']}`);
  const http = gateway.spec.listeners.find((listener) => listener.protocol === 'HTTP');
  const refs = (issuer?.spec?.acme?.solvers ?? []).flatMap((solver) => solver.http01?.gatewayHTTPRoute?.parentRefs ?? []);
  if (
    !refs.some(
      (ref) =>
        ref.name === gateway.metadata.name &&
        ref.namespace === gateway.metadata.namespace &&
        (ref.kind ?? 'Gateway') === 'Gateway' &&
        ref.sectionName === http?.name,
    )
  )
    fail(
      `${CLUSTER_ISSUER_EXAMPLE}: its HTTP-01 solver must attach to Gateway ${gateway.metadata.namespace}/${gateway.metadata.name}, sectionName ${http?.name} (gatewayHTTPRoute.parentRefs)`,
    );
}

/**
 * Item 4: how client addresses reach Envoy, and the gateway's TRUST_PROXY to match. The Gateway names
 * an EnvoyProxy; either its Service keeps source addresses (externalTrafficPolicy: Local, the default
 * here) or the ClientTrafficPolicy requires PROXY protocol (`proxyProtocol`, not `enableProxyProtocol`,
 * deprecated since Envoy Gateway 1.5) and the same Service turns it on at the load balancer. Envoy
 * appends the client to X-Forwarded-For and nginx in web the Envoy pod: TRUST_PROXY = 2, plus the hops
 * trusted before Envoy (clientIPDetection.xForwardedFor.numTrustedHops).
 */
export function checkClientAddresses(fail, objects, { route }) {
  const parent = route?.spec.parentRefs[0]?.name;
  const gateway = objects.find((object) => object.kind === 'Gateway' && object.metadata.name === parent);
  if (!gateway) return;
  for (const object of objects)
    if (JSON.stringify(object.spec ?? {}).includes('"enableProxyProtocol"'))
      fail(`${object.kind}/${object.metadata.name}: enableProxyProtocol is deprecated since Envoy Gateway 1.5: use proxyProtocol`);
  const policy = objects.find((object) => object.kind === 'ClientTrafficPolicy' && targets(object, 'Gateway', parent));
  if (!policy || !(policy.spec.proxyProtocol || policy.spec.clientIPDetection))
    fail(`Gateway/${parent}: no ClientTrafficPolicy says how the client's address arrives (proxyProtocol or clientIPDetection)`);
  const ref = gateway.spec.infrastructure?.parametersRef;
  const envoyProxy =
    ref?.group === 'gateway.envoyproxy.io' &&
    ref.kind === 'EnvoyProxy' &&
    objects.find((object) => object.kind === 'EnvoyProxy' && object.metadata.name === ref.name);
  if (!envoyProxy)
    return fail(
      `Gateway/${parent}: no EnvoyProxy (spec.infrastructure.parametersRef) says how its load balancer passes the client's address`,
    );
  const service = envoyProxy.spec.provider?.kubernetes?.envoyService ?? {};
  const proxyProtocol = policy?.spec.proxyProtocol;
  if (proxyProtocol) {
    if (proxyProtocol.optional)
      fail(`ClientTrafficPolicy/${policy.metadata.name}: optional PROXY protocol lets any client name its address`);
    if (!Object.entries(service.annotations ?? {}).some(([key, value]) => /proxy-?protocol/i.test(key) && value))
      fail(
        `EnvoyProxy/${envoyProxy.metadata.name}: the edge requires PROXY protocol but nothing turns it on at the load balancer (envoyService.annotations)`,
      );
  } else if (service.externalTrafficPolicy !== 'Local')
    fail(
      `EnvoyProxy/${envoyProxy.metadata.name}: without PROXY protocol the load balancer must keep the client's address (envoyService.externalTrafficPolicy: Local)`,
    );
  const hopsBefore = policy?.spec.clientIPDetection?.xForwardedFor?.numTrustedHops ?? 0;
  const gatewayApp = objects.find((object) => object.kind === 'Deployment' && object.metadata.name === 'gateway');
  const trustProxy = gatewayApp?.spec.template.spec.containers[0].env?.find((entry) => entry.name === 'TRUST_PROXY')?.value;
  if (trustProxy !== String(2 + hopsBefore))
    fail(
      `the gateway must trust ${2 + hopsBefore} proxies (${hopsBefore ? `${hopsBefore} before Envoy, ` : ''}Envoy, then nginx in web), not TRUST_PROXY=${trustProxy}`,
    );
}
