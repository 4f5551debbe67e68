// Each object against its schema: kubernetes-models (and @kubernetes-models/keda), or, for kinds without a
// published schema (CloudNativePG, Gateway API, Envoy Gateway, Prometheus Operator), the fields their
// operator requires.
import { modelFor } from './render.mjs';
import { at, where } from './objects.mjs';

/** Kinds without a schema in kubernetes-models: the fields their operator requires. */
export const REQUIRED_FIELDS = {
  'postgresql.cnpg.io/v1/Cluster': [
    ['spec', 'instances'],
    ['spec', 'storage', 'size'],
  ],
  'postgresql.cnpg.io/v1/Backup': [['spec', 'cluster', 'name']],
  'postgresql.cnpg.io/v1/Pooler': [
    ['spec', 'cluster', 'name'],
    ['spec', 'pgbouncer'],
  ],
  'postgresql.cnpg.io/v1/ScheduledBackup': [
    ['spec', 'schedule'],
    ['spec', 'cluster', 'name'],
  ],
  // Issue 32: the edge (Gateway API, Envoy Gateway policies), Prometheus Operator, Barman Cloud plugin.
  'barmancloud.cnpg.io/v1/ObjectStore': [['spec', 'configuration', 'destinationPath']],
  'gateway.networking.k8s.io/v1/Gateway': [
    ['spec', 'gatewayClassName'],
    ['spec', 'listeners'],
  ],
  'gateway.networking.k8s.io/v1/HTTPRoute': [
    ['spec', 'parentRefs'],
    ['spec', 'rules'],
  ],
  'gateway.envoyproxy.io/v1alpha1/BackendTrafficPolicy': [['spec', 'targetRefs']],
  'gateway.envoyproxy.io/v1alpha1/ClientTrafficPolicy': [['spec', 'targetRefs']],
  'gateway.envoyproxy.io/v1alpha1/EnvoyProxy': [['spec', 'provider', 'type']],
  'monitoring.coreos.com/v1/PodMonitor': [
    ['spec', 'selector'],
    ['spec', 'podMetricsEndpoints'],
  ],
  'monitoring.coreos.com/v1/PrometheusRule': [['spec', 'groups']],
};

export async function checkSchemas(fail, objects) {
  for (const object of objects) {
    const Model = await modelFor(object);
    const key = `${object.apiVersion}/${object.kind}`;
    if (Model) {
      try {
        new Model(object).validate();
      } catch (error) {
        fail(`${where(object)} does not match the ${key} schema: ${error.message}`);
      }
    } else if (REQUIRED_FIELDS[key]) {
      if (!object.metadata?.name) fail(`${where(object)}: metadata.name missing`);
      for (const field of REQUIRED_FIELDS[key]) if (at(object, field) == null) fail(`${where(object)}: ${field.join('.')} is required`);
      if (key.endsWith('/Cluster') && !(Number.isInteger(object.spec.instances) && object.spec.instances >= 1))
        fail(`${where(object)}: spec.instances must be a positive integer`);
    } else {
      fail(`${where(object)}: no schema for ${key} and no required-field rule`);
    }
  }
}
