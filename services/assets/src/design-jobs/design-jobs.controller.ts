import { Controller } from '@nestjs/common';
import { ASSETS, type RpcRequest } from '@printloom/contracts';
import { RpcHandler } from '@printloom/service-kit';
import { BulkJobs } from '../bulk-jobs/bulk-jobs.service.js';
import { ListingKits } from '../listing-kits/listing-kits.service.js';

/** Design jobs: listing kits and bulk jobs, work on many designs that the runner walks one by one. */
@Controller()
export class DesignJobsController {
  constructor(
    private readonly kits: ListingKits,
    private readonly bulkJobs: BulkJobs,
  ) {}

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
}
