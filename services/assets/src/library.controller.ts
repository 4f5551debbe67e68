import { Controller } from '@nestjs/common';
import { ASSETS, type RpcRequest } from '@printloom/contracts';
import { RpcHandler } from '@printloom/service-kit';
import { AssetsService } from './assets.service.js';
import { ImageOperationsService } from './renders/image-operations.service.js';
import { ExpiryReminders } from './expiry-reminders.service.js';
import { Mockups } from './renders/mockups/mockups.service.js';
import { ListingKits } from './listing-kits/listing-kits.service.js';
import { BulkJobs } from './bulk-jobs/bulk-jobs.service.js';
import { BatchQuality } from './renders/quality/batch-quality.service.js';

@Controller()
export class AssetsController {
  constructor(
    private readonly assets: AssetsService,
    private readonly operations: ImageOperationsService,
    private readonly reminders: ExpiryReminders,
    private readonly mockups: Mockups,
    private readonly kits: ListingKits,
    private readonly bulkJobs: BulkJobs,
    private readonly batchQualities: BatchQuality,
  ) {}

  @RpcHandler(ASSETS.exportPage)
  exportPage(request: RpcRequest<typeof ASSETS.exportPage>) {
    return this.assets.exportPage(request.userId, request.after);
  }

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

  @RpcHandler(ASSETS.resolveDownload)
  resolveDownload(request: RpcRequest<typeof ASSETS.resolveDownload>) {
    return this.assets.resolveDownload(request);
  }

  @RpcHandler(ASSETS.resolveZip)
  resolveZip(request: RpcRequest<typeof ASSETS.resolveZip>) {
    return this.assets.resolveZip(request);
  }

  @RpcHandler(ASSETS.jobsWithAssets)
  jobsWithAssets(request: RpcRequest<typeof ASSETS.jobsWithAssets>) {
    return this.assets.jobsWithAssets(request.jobIds);
  }

  @RpcHandler(ASSETS.flaggedDesigns)
  flaggedDesigns(request: RpcRequest<typeof ASSETS.flaggedDesigns>) {
    return this.assets.flaggedDesigns(request.userId, request.assetIds);
  }

  @RpcHandler(ASSETS.removeBackground)
  removeBackground(request: RpcRequest<typeof ASSETS.removeBackground>) {
    return this.operations.removeBackground(request.userId, request.assetId);
  }

  @RpcHandler(ASSETS.upscale)
  upscale(request: RpcRequest<typeof ASSETS.upscale>) {
    return this.operations.upscale(request.userId, request.assetId, request.scaleFactor);
  }

  @RpcHandler(ASSETS.listMockups)
  listMockups(request: RpcRequest<typeof ASSETS.listMockups>) {
    return this.mockups.list(request.userId, request.assetId);
  }

  @RpcHandler(ASSETS.resolveMockup)
  resolveMockup(request: RpcRequest<typeof ASSETS.resolveMockup>) {
    return this.mockups.resolve(request);
  }

  @RpcHandler(ASSETS.storeExternalMockups)
  storeExternalMockups(request: RpcRequest<typeof ASSETS.storeExternalMockups>) {
    return this.mockups.storeExternal(request);
  }

  @RpcHandler(ASSETS.resolveKit)
  resolveKit(request: RpcRequest<typeof ASSETS.resolveKit>) {
    return this.kits.resolve(request.userId, request.ids);
  }

  @RpcHandler(ASSETS.kitDesign)
  kitDesign(request: RpcRequest<typeof ASSETS.kitDesign>) {
    return this.kits.design(request.userId, request.assetId, request.folder);
  }

  @RpcHandler(ASSETS.createKitJob)
  createKitJob(request: RpcRequest<typeof ASSETS.createKitJob>) {
    return this.kits.createJob(request.userId, request);
  }

  @RpcHandler(ASSETS.getKitJob)
  getKitJob(request: RpcRequest<typeof ASSETS.getKitJob>) {
    return this.kits.getJob(request.userId, request.kitId);
  }

  @RpcHandler(ASSETS.resolveKitJob)
  resolveKitJob(request: RpcRequest<typeof ASSETS.resolveKitJob>) {
    return this.kits.resolveJob(request.userId, request.kitId);
  }

  @RpcHandler(ASSETS.createBulkJob)
  createBulkJob(request: RpcRequest<typeof ASSETS.createBulkJob>) {
    return this.bulkJobs.create(request);
  }

  @RpcHandler(ASSETS.getBulkJob)
  getBulkJob(request: RpcRequest<typeof ASSETS.getBulkJob>) {
    return this.bulkJobs.get(request.userId, request.jobId);
  }

  @RpcHandler(ASSETS.listBulkJobs)
  listBulkJobs(request: RpcRequest<typeof ASSETS.listBulkJobs>) {
    return this.bulkJobs.list(request.userId);
  }

  @RpcHandler(ASSETS.resolveBulkJob)
  resolveBulkJob(request: RpcRequest<typeof ASSETS.resolveBulkJob>) {
    return this.bulkJobs.resolve(request.userId, request.jobId);
  }

  @RpcHandler(ASSETS.batchQuality)
  batchQuality(request: RpcRequest<typeof ASSETS.batchQuality>) {
    return this.batchQualities.of(request.userId, request.batchId);
  }
}
