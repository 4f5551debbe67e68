import { Controller, Get, Inject } from '@nestjs/common';
import { AppError, MESSAGES } from '@printloom/contracts';
import { GATEWAY_CONFIG, publicExposure, type GatewayConfig } from '../config.js';
import { buildOpenApiDocument } from './openapi.js';

/** `/api/docs`: the OpenAPI document; in production only with PUBLIC_API_DOCS=true (404 otherwise, as for any unknown path). */
@Controller()
export class DocsController {
  private readonly document: ReturnType<typeof buildOpenApiDocument> | null;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.document = publicExposure(config).apiDocs ? buildOpenApiDocument() : null;
  }

  @Get('/api/docs')
  openApi() {
    if (!this.document) throw new AppError('NOT_FOUND', MESSAGES.notFound);
    return this.document;
  }
}
