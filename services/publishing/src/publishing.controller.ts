import { Controller } from '@nestjs/common';
import { PUBLISHING, type RpcRequest } from '@printloom/contracts';
import { RpcHandler } from '@printloom/service-kit';
import { PublishingService } from './publishing.service.js';
import { TemplateCatalogue } from './templates/template-catalogue.js';
import { ConnectionChecklist } from './connections/connection-checklist.js';
import { PrintifyAuthorization } from './connections/printify-authorization.js';

@Controller()
export class PublishingController {
  constructor(
    private readonly publishing: PublishingService,
    private readonly templates: TemplateCatalogue,
    private readonly checklist: ConnectionChecklist,
    private readonly authorization: PrintifyAuthorization,
  ) {}

  @RpcHandler(PUBLISHING.startAuthorization)
  startAuthorization(request: RpcRequest<typeof PUBLISHING.startAuthorization>) {
    return this.authorization.start(request);
  }

  @RpcHandler(PUBLISHING.finishAuthorization)
  finishAuthorization(request: RpcRequest<typeof PUBLISHING.finishAuthorization>) {
    return this.authorization.finish(request);
  }

  @RpcHandler(PUBLISHING.connect)
  connect(request: RpcRequest<typeof PUBLISHING.connect>) {
    return this.publishing.connect(request);
  }

  @RpcHandler(PUBLISHING.getConnection)
  getConnection(request: RpcRequest<typeof PUBLISHING.getConnection>) {
    return this.publishing.state(request.userId);
  }

  @RpcHandler(PUBLISHING.disconnect)
  disconnect(request: RpcRequest<typeof PUBLISHING.disconnect>) {
    return this.publishing.disconnect(request.userId);
  }

  @RpcHandler(PUBLISHING.tickChecklist)
  tickChecklist(request: RpcRequest<typeof PUBLISHING.tickChecklist>) {
    return this.checklist.tick(request.userId, request.item);
  }

  @RpcHandler(PUBLISHING.listTemplates)
  async listTemplates(request: RpcRequest<typeof PUBLISHING.listTemplates>) {
    return { templates: await this.templates.list(request.userId) };
  }

  @RpcHandler(PUBLISHING.saveTemplate)
  async saveTemplate(request: RpcRequest<typeof PUBLISHING.saveTemplate>) {
    return { template: await this.templates.save(request) };
  }

  @RpcHandler(PUBLISHING.createPublications)
  createPublications(request: RpcRequest<typeof PUBLISHING.createPublications>) {
    return this.publishing.create(request);
  }

  @RpcHandler(PUBLISHING.listPublications)
  listPublications(request: RpcRequest<typeof PUBLISHING.listPublications>) {
    return this.publishing.list(request);
  }

  @RpcHandler(PUBLISHING.publicationSummary)
  publicationSummary(request: RpcRequest<typeof PUBLISHING.publicationSummary>) {
    return this.publishing.summary(request);
  }

  @RpcHandler(PUBLISHING.publishedDesigns)
  publishedDesigns(request: RpcRequest<typeof PUBLISHING.publishedDesigns>) {
    return this.publishing.publishedDesigns(request);
  }

  @RpcHandler(PUBLISHING.publish)
  publish(request: RpcRequest<typeof PUBLISHING.publish>) {
    return this.publishing.publish(request);
  }

  @RpcHandler(PUBLISHING.confirm)
  confirm(request: RpcRequest<typeof PUBLISHING.confirm>) {
    return this.publishing.confirm(request);
  }

  @RpcHandler(PUBLISHING.resolvePrintLink)
  resolvePrintLink(request: RpcRequest<typeof PUBLISHING.resolvePrintLink>) {
    return this.publishing.resolvePrintLink(request.token);
  }

  @RpcHandler(PUBLISHING.exportData)
  exportData(request: RpcRequest<typeof PUBLISHING.exportData>) {
    return this.publishing.exportData(request.userId);
  }
}
