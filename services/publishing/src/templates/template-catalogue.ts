import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppError, PUBLISHING_MESSAGES, type ProductTemplate, type RpcRequest, type PUBLISHING } from '@printloom/contracts';
import { PrintifyAccess } from '../printify/printify-access.js';
import { TemplateRepository } from '../repositories/template.repository.js';
import { PrintifyRejected, PrintifyUnavailable, PrintifyRateLimited } from '../printify/printify-client.js';
import { isDarkColour, READY_TEMPLATES } from './ready-templates.js';

/** A seller keeps at most this many templates of their own. */
const OWN_TEMPLATES_MAX = 50;

/** The ready templates and each seller's own. */
@Injectable()
export class TemplateCatalogue {
  constructor(
    private readonly templates: TemplateRepository,
    private readonly access: PrintifyAccess,
  ) {}

  async list(userId: string): Promise<ProductTemplate[]> {
    return [...READY_TEMPLATES, ...(await this.templates.allOf(userId))];
  }

  async find(userId: string, id: string): Promise<ProductTemplate | null> {
    return READY_TEMPLATES.find((template) => template.id === id) ?? (await this.templates.findOwned(userId, id));
  }

  /** A template from the connection's catalogue: the chosen variants' colours and sizes with their prices. */
  async save(request: RpcRequest<typeof PUBLISHING.saveTemplate>): Promise<ProductTemplate> {
    const { userId } = request;
    if ((await this.templates.countOf(userId)) >= OWN_TEMPLATES_MAX)
      throw new AppError('UNPROCESSABLE', `You can keep at most ${OWN_TEMPLATES_MAX} templates of your own.`);
    const connection = await this.access.resolve(userId);
    let catalogue;
    try {
      catalogue = await this.access.variants(connection, request.blueprintId, request.printProviderId);
    } catch (error) {
      if (error instanceof PrintifyRejected)
        throw new AppError('UNPROCESSABLE', 'That product and print provider are not in the catalogue.');
      if (error instanceof PrintifyUnavailable || error instanceof PrintifyRateLimited)
        throw new AppError('UNAVAILABLE', PUBLISHING_MESSAGES.printifyUnavailable);
      throw error;
    }
    const variants: ProductTemplate['variants'] = [];
    for (const chosen of request.variants) {
      const found = catalogue.find((variant) => variant.id === chosen.id);
      if (!found) throw new AppError('UNPROCESSABLE', `Variant ${chosen.id} is not offered by this print provider.`);
      const colour = String(found.options.color ?? found.title.split(' / ')[0] ?? 'Default');
      const size = String(found.options.size ?? found.title.split(' / ')[1] ?? 'One size');
      variants.push({ colour, size, price: chosen.price });
    }
    const darkColours = [...new Set(variants.map((variant) => variant.colour).filter(isDarkColour))];
    return this.templates.insert(userId, randomUUID(), {
      name: request.name,
      product: request.product,
      blueprintId: request.blueprintId,
      printProviderId: request.printProviderId,
      variants,
      darkColours,
    });
  }
}
