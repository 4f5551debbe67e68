import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { GENERATION, type RpcRequest } from '@printloom/contracts';
import { requestPipe } from '@printloom/service-kit';
import { GenerationService } from './generation.service.js';

/** Each handler names its subject; the contracts' registry supplies the schema its payload must meet. */
@Controller()
export class GenerationController {
  constructor(private readonly generation: GenerationService) {}

  @MessagePattern(GENERATION.createJob)
  createJob(@Payload(requestPipe(GENERATION.createJob)) request: RpcRequest<typeof GENERATION.createJob>) {
    return this.generation.createJob(request);
  }

  @MessagePattern(GENERATION.getJob)
  getJob(@Payload(requestPipe(GENERATION.getJob)) request: RpcRequest<typeof GENERATION.getJob>) {
    return this.generation.getJob(request.userId, request.jobId);
  }

  @MessagePattern(GENERATION.exportJobs)
  exportJobs(@Payload(requestPipe(GENERATION.exportJobs)) request: RpcRequest<typeof GENERATION.exportJobs>) {
    return this.generation.exportJobs(request.userId);
  }

  @MessagePattern(GENERATION.describe)
  describe(@Payload(requestPipe(GENERATION.describe)) request: RpcRequest<typeof GENERATION.describe>) {
    return this.generation.describe(request);
  }
}
