import { Controller } from '@nestjs/common';
import { GENERATION, type RpcRequest } from '@printloom/contracts';
import { RpcHandler } from '@printloom/service-kit';
import { GenerationService } from './generation.service.js';
import { BatchService } from './batches/batch.service.js';

/** Each handler names its subject; the contracts' registry supplies the schema its payload must meet. */
@Controller()
export class GenerationController {
  constructor(
    private readonly generation: GenerationService,
    private readonly batches: BatchService,
  ) {}

  @RpcHandler(GENERATION.createJob)
  createJob(request: RpcRequest<typeof GENERATION.createJob>) {
    return this.generation.createJob(request);
  }

  @RpcHandler(GENERATION.getJob)
  getJob(request: RpcRequest<typeof GENERATION.getJob>) {
    return this.generation.getJob(request.userId, request.jobId);
  }

  @RpcHandler(GENERATION.exportJobs)
  async exportJobs(request: RpcRequest<typeof GENERATION.exportJobs>) {
    const [{ jobs }, batches] = await Promise.all([this.generation.exportJobs(request.userId), this.batches.exportBatches(request.userId)]);
    return { jobs, batches };
  }

  @RpcHandler(GENERATION.createBatch)
  createBatch(request: RpcRequest<typeof GENERATION.createBatch>) {
    return this.batches.create(request);
  }

  @RpcHandler(GENERATION.listBatches)
  listBatches(request: RpcRequest<typeof GENERATION.listBatches>) {
    return this.batches.list(request.userId);
  }

  @RpcHandler(GENERATION.getBatch)
  getBatch(request: RpcRequest<typeof GENERATION.getBatch>) {
    return this.batches.get(request.userId, request.batchId);
  }

  @RpcHandler(GENERATION.redoFlagged)
  redoFlagged(request: RpcRequest<typeof GENERATION.redoFlagged>) {
    return this.batches.redoFlagged(request.userId, request.batchId);
  }

  @RpcHandler(GENERATION.renameBatch)
  renameBatch(request: RpcRequest<typeof GENERATION.renameBatch>) {
    return this.batches.rename(request);
  }

  @RpcHandler(GENERATION.cancelBatch)
  cancelBatch(request: RpcRequest<typeof GENERATION.cancelBatch>) {
    return this.batches.cancel(request.userId, request.batchId);
  }

  @RpcHandler(GENERATION.batchMembership)
  batchMembership(request: RpcRequest<typeof GENERATION.batchMembership>) {
    return this.batches.membership(request.userId, request.batchId);
  }

  @RpcHandler(GENERATION.describe)
  describe(request: RpcRequest<typeof GENERATION.describe>) {
    return this.generation.describe(request);
  }
}
