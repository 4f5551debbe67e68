import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  AppError,
  PUBLISHING_MESSAGES,
  type ListedTemplate,
  type ProductTemplate,
  type RpcRequest,
  type PUBLISHING,
  type TemplateVariant,
  type VariantOptions,
} from '@printloom/contracts';
import { PrintifyAccess, type ResolvedConnection } from '../printify/printify-access.js';
import { TemplateRepository } from '../repositories/template.repository.js';
import { PrintifyRejected, PrintifyUnavailable, PrintifyRateLimited, type ProviderCatalogue } from '../printify/printify-client.js';
import { isDarkColour, READY_TEMPLATES } from './ready-templates.js';
import { resolveVariants, variantLabel } from './placement.js';

/** A seller keeps at most this many templates of their own. */
const OWN_TEMPLATES_MAX = 50;

/** The ready templates and each seller's own, with what the seller's catalogue does not offer of them. */
@Injectable()
export class TemplateCatalogue {
  constructor(
    private readonly templates: TemplateRepository,
    private readonly access: PrintifyAccess,
  ) {}

  async all(userId: string): Promise<ProductTemplate[]> {
    return [...READY_TEMPLATES, ...(await this.templates.allOf(userId))];
  }

  /**
   * Every template with `unavailable`: its entries the connection's catalogue (the local shop's without
   * one, when LOCAL_SHOP is on) does not offer; null where the catalogue cannot be read now.
   */
  async list(userId: string): Promise<ListedTemplate[]> {
    const templates = await this.all(userId);
    const connection = await this.access.resolve(userId).catch(() => null);
    return Promise.all(
      templates.map(async (template) => {
        if (!connection) return { ...template, unavailable: null };
        try {
          const catalogue = await this.catalogueOf(connection, template);
          if (!catalogue)
            return {
              ...template,
              unavailable: template.variants.map(({ options }) => ({
                options,
                label: variantLabel(options),
                reason: PUBLISHING_MESSAGES.noPrintProvider,
              })),
            };
          return { ...template, unavailable: resolveVariants(template, catalogue.variants, undefined, catalogue.title).missing };
        } catch {
          return { ...template, unavailable: null };
        }
      }),
    );
  }

  async find(userId: string, id: string): Promise<ProductTemplate | null> {
    return READY_TEMPLATES.find((template) => template.id === id) ?? (await this.templates.findOwned(userId, id));
  }

  /**
   * The catalogue of the template's first print provider whose catalogue answers (one Printify does not
   * offer the blueprint with is passed over); null when none does. An outage or a limit is thrown.
   */
  async catalogueOf(connection: ResolvedConnection, template: ProductTemplate): Promise<ProviderCatalogue | null> {
    for (const providerId of template.printProviderIds) {
      try {
        return await this.access.catalogue(connection, template.blueprintId, providerId);
      } catch (error) {
        if (error instanceof PrintifyRejected && !error.accessRefused) continue;
        throw error;
      }
    }
    return null;
  }

  /** A template from the connection's catalogue: the chosen variants' options with their prices. */
  async save(request: RpcRequest<typeof PUBLISHING.saveTemplate>): Promise<ProductTemplate> {
    const { userId } = request;
    if ((await this.templates.countOf(userId)) >= OWN_TEMPLATES_MAX)
      throw new AppError('UNPROCESSABLE', `You can keep at most ${OWN_TEMPLATES_MAX} templates of your own.`);
    const connection = await this.access.resolve(userId);
    let catalogue: ProviderCatalogue;
    try {
      catalogue = await this.access.catalogue(connection, request.blueprintId, request.printProviderId);
    } catch (error) {
      if (error instanceof PrintifyRejected)
        throw new AppError('UNPROCESSABLE', 'That product and print provider are not in the catalogue.');
      if (error instanceof PrintifyUnavailable || error instanceof PrintifyRateLimited)
        throw new AppError('UNAVAILABLE', PUBLISHING_MESSAGES.printifyUnavailable);
      throw error;
    }
    const variants: TemplateVariant[] = [];
    for (const chosen of request.variants) {
      const found = catalogue.variants.find((variant) => variant.id === chosen.id);
      if (!found) throw new AppError('UNPROCESSABLE', `Variant ${chosen.id} is not offered by this print provider.`);
      variants.push({ options: optionsOf(found.options, found.title), price: chosen.price });
    }
    const colours = variants.map((variant) => variant.options.color).filter((colour): colour is string => Boolean(colour));
    return this.templates.insert(userId, randomUUID(), {
      name: request.name,
      product: request.product,
      blueprintId: request.blueprintId,
      printProviderIds: [request.printProviderId],
      variants,
      darkColours: [...new Set(colours.filter(isDarkColour))],
    });
  }
}

/** A catalogue variant's options a template names (colour, size, paper); its title where it has none of them. */
function optionsOf(options: Record<string, unknown>, title: string): VariantOptions {
  const picked: VariantOptions = {};
  for (const key of ['color', 'size', 'paper'] as const) if (typeof options[key] === 'string') picked[key] = options[key];
  return picked.color || picked.size || picked.paper ? picked : { size: title };
}
