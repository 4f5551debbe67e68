import { Controller, Get, Inject } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { buildOpenApiDocument } from './openapi.js';

@Controller()
export class DocsController {
  private readonly document: ReturnType<typeof buildOpenApiDocument>;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.document = buildOpenApiDocument(config.PUBLIC_URL);
  }

  @Get('/api/docs')
  openApi() {
    return this.document;
  }
}
