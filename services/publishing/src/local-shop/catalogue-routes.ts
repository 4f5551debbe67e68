// The local shop's catalogue endpoints (`/v1/catalog/…`), answered from the captured catalogue
// (catalogue.ts), and the lookups of a blueprint and a print provider the products use.
import { LOCAL_CATALOGUE, type CatalogueBlueprint } from './catalogue.js';
import { notFound } from './printify-answers.js';

export function blueprintOf(id: string | number): CatalogueBlueprint {
  const blueprint = LOCAL_CATALOGUE.find((candidate) => candidate.id === Number(id));
  if (!blueprint) throw notFound();
  return blueprint;
}

export function providerOf(blueprint: CatalogueBlueprint, id: string | number) {
  const provider = blueprint.providers.find((candidate) => candidate.id === Number(id));
  if (!provider) throw notFound();
  return provider;
}

/** The answer to a catalogue request, or undefined for a path that is not one. */
export function catalogueAnswer(method: string, path: string): unknown {
  let m: RegExpExecArray | null;
  if (method !== 'GET') return undefined;
  if (path === '/v1/catalog/blueprints.json')
    return LOCAL_CATALOGUE.map(({ id, title, brand, model }) => ({ id, title, brand, model, images: [] }));
  if ((m = /^\/v1\/catalog\/blueprints\/(\d+)\/print_providers\.json$/.exec(path)))
    return blueprintOf(m[1]!).providers.map(({ id, title }) => ({ id, title }));
  if ((m = /^\/v1\/catalog\/blueprints\/(\d+)\/print_providers\/(\d+)\/variants\.json$/.exec(path))) {
    const provider = providerOf(blueprintOf(m[1]!), m[2]!);
    return { id: provider.id, title: provider.title, variants: provider.variants };
  }
  return undefined;
}
