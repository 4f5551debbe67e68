import { Controller } from '@nestjs/common';
import { GENERATION, type RpcRequest } from '@printloom/contracts';
import { RpcHandler } from '@printloom/service-kit';
import { GenerationService } from './generation.service.js';

/** Each handler names its subject; the contracts' registry supplies the schema its payload must meet. */
@Controller()
export class GenerationController {
  constructor(private readonly generation: GenerationService) {}

  @RpcHandler(GENERATION.createJob)
  createJob(request: RpcRequest<typeof GENERATION.createJob>) {
    return this.generation.createJob(request);
  }

  @RpcHandler(GENERATION.getJob)
  getJob(request: RpcRequest<typeof GENERATION.getJob>) {
    return this.generation.getJob(request.userId, request.jobId);
  }

  @RpcHandler(GENERATION.exportJobs)
  exportJobs(request: RpcRequest<typeof GENERATION.exportJobs>) {
    return this.generation.exportJobs(request.userId);
  }

  @RpcHandler(GENERATION.describe)
  describe(request: RpcRequest<typeof GENERATION.describe>) {
    return this.generation.describe(request);
  }
}
