import { describe, expect, it } from '@jest/globals';
import { AppError } from '@printloom/contracts';
import { LOCAL_CATALOGUE } from '../local-shop/catalogue.js';
import type { PrintifyAccess } from '../printify/printify-access.js';
import { PrintifyRejected, PrintifyUnavailable } from '../printify/printify-client.js';
import type { TemplateRepository } from '../repositories/template.repository.js';
import { TemplateCatalogue } from './template-catalogue.js';

const USER = '6f1c1a52-8b8e-4c36-9d8e-0a1b2c3d4e5f';
const own = {
  id: 'own',
  name: 'Old tee',
  product: 'Tee',
  builtIn: false,
  blueprintId: 12,
  printProviderIds: [99, 29],
  variants: [
    { options: { color: 'Black', size: 'M' }, price: 2300 },
    { options: { color: 'Sport Grey', size: 'M' }, price: 2300 },
  ],
  darkColours: ['Black'],
  placement: { position: 'front', x: 0.5, y: 0.5, fit: 'contain' as const },
};
const repository = { allOf: async () => [own] } as unknown as TemplateRepository;

/** The catalogue answers of the local shop (404 for a provider it lacks), or `failure` for every request. */
function accessTo(failure?: Error, requested: string[] = []): PrintifyAccess {
  return {
    resolve: async () => ({ connectionKey: 'k', shopId: 1, local: true }),
    catalogue: async (_connection: unknown, blueprintId: number, providerId: number) => {
      requested.push(`${blueprintId}/${providerId}`);
      if (failure) throw failure;
      const provider = LOCAL_CATALOGUE.find((each) => each.id === blueprintId)?.providers.find((each) => each.id === providerId);
      if (!provider) throw new PrintifyRejected(404, null, 'Not found');
      return provider;
    },
  } as unknown as PrintifyAccess;
}

describe('the templates a seller is offered, with what their catalogue lacks', () => {
  it('names the entries the first print provider that answers does not offer; the ready ones lack nothing', async () => {
    const requested: string[] = [];
    const listed = await new TemplateCatalogue(repository, accessTo(undefined, requested)).list(USER);
    expect(listed.filter((template) => template.builtIn).map((template) => [template.id, template.unavailable])).toEqual([
      ['tee', []],
      ['hoodie', []],
      ['tote', []],
      ['mug', []],
      ['poster', []],
    ]);
    expect(listed.find((template) => template.id === 'own')!.unavailable).toEqual([
      { options: { color: 'Sport Grey', size: 'M' }, label: 'Sport Grey / M', reason: 'Not offered by Monster Digital' },
    ]);
    // Provider 99 is not offered with blueprint 12 here: the next one is asked.
    expect(requested).toEqual(expect.arrayContaining(['12/99', '12/29']));
  });

  it('answers null ("could not be checked") for a catalogue that cannot be read now, and for a seller with no way in', async () => {
    const down = await new TemplateCatalogue(repository, accessTo(new PrintifyUnavailable('down'))).list(USER);
    expect(down.map((template) => template.unavailable)).toEqual(Array(6).fill(null));
    const unconnected = {
      resolve: async () => {
        throw new AppError('UNPROCESSABLE', 'Connect first');
      },
    } as unknown as PrintifyAccess;
    const none = await new TemplateCatalogue(repository, unconnected).list(USER);
    expect(none.map((template) => template.unavailable)).toEqual(Array(6).fill(null));
  });

  it('lists every entry of a template none of whose print providers offers its product', async () => {
    const nowhere = { allOf: async () => [{ ...own, printProviderIds: [3] }] } as unknown as TemplateRepository;
    const [, , , , , listed] = await new TemplateCatalogue(nowhere, accessTo()).list(USER);
    expect(listed!.unavailable).toEqual([
      expect.objectContaining({ label: 'Black / M', reason: expect.stringContaining('print providers') }),
      expect.objectContaining({ label: 'Sport Grey / M' }),
    ]);
  });
});
