import { Controller } from '@nestjs/common';
import { ASSETS, type RpcRequest } from '@printloom/contracts';
import { RpcHandler } from '@printloom/service-kit';
import { AssetsService } from './assets.service.js';
import { ExpiryReminders } from './expiry-reminders.service.js';

/** The library: ingest, the list, stars, deletes, usage and its reminders. */
@Controller()
export class LibraryController {
  constructor(
    private readonly assets: AssetsService,
    private readonly reminders: ExpiryReminders,
  ) {}

  @RpcHandler(ASSETS.designBrief)
  designBrief(request: RpcRequest<typeof ASSETS.designBrief>) {
    return this.assets.designBrief(request.userId, request.assetId);
  }

  @RpcHandler(ASSETS.usage)
  usage(request: RpcRequest<typeof ASSETS.usage>) {
    return this.assets.usage(request.userId);
  }

  @RpcHandler(ASSETS.unsubscribeReminders)
  unsubscribeReminders(request: RpcRequest<typeof ASSETS.unsubscribeReminders>) {
    return this.reminders.unsubscribe(request.token);
  }

  @RpcHandler(ASSETS.ingest)
  ingest(request: RpcRequest<typeof ASSETS.ingest>) {
    return this.assets.ingest(request);
  }

  @RpcHandler(ASSETS.list)
  list(request: RpcRequest<typeof ASSETS.list>) {
    return this.assets.list(request);
  }

  @RpcHandler(ASSETS.star)
  star(request: RpcRequest<typeof ASSETS.star>) {
    return this.assets.toggleStar(request.userId, request.assetId);
  }

  @RpcHandler(ASSETS.delete)
  delete(request: RpcRequest<typeof ASSETS.delete>) {
    return this.assets.delete(request.userId, request.assetId);
  }

  @RpcHandler(ASSETS.bulkDelete)
  bulkDelete(request: RpcRequest<typeof ASSETS.bulkDelete>) {
    return this.assets.deleteMany(request.userId, request.ids);
  }

  @RpcHandler(ASSETS.jobsWithAssets)
  jobsWithAssets(request: RpcRequest<typeof ASSETS.jobsWithAssets>) {
    return this.assets.jobsWithAssets(request.jobIds);
  }

  @RpcHandler(ASSETS.flaggedDesigns)
  flaggedDesigns(request: RpcRequest<typeof ASSETS.flaggedDesigns>) {
    return this.assets.flaggedDesigns(request.userId, request.assetIds);
  }
}
