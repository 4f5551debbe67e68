import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { GENERATION, describeRequest, exportJobsRequest, generateRequest, getJobRequest } from '@printloom/contracts';
import { ZodPipe } from '@printloom/service-kit';
import type { z } from 'zod';
import { GenerationService } from './generation.service.js';

@Controller()
export class GenerationController {
  constructor(private readonly generation: GenerationService) {}

  @MessagePattern(GENERATION.createJob)
  createJob(@Payload(new ZodPipe(generateRequest)) request: z.infer<typeof generateRequest>) {
    return this.generation.createJob(request);
  }

  @MessagePattern(GENERATION.getJob)
  getJob(@Payload(new ZodPipe(getJobRequest)) request: z.infer<typeof getJobRequest>) {
    return this.generation.getJob(request.userId, request.jobId);
  }

  @MessagePattern(GENERATION.exportJobs)
  exportJobs(@Payload(new ZodPipe(exportJobsRequest)) request: z.infer<typeof exportJobsRequest>) {
    return this.generation.exportJobs(request.userId);
  }

  @MessagePattern(GENERATION.describe)
  describe(@Payload(new ZodPipe(describeRequest)) request: z.infer<typeof describeRequest>) {
    return this.generation.describe(request);
  }
}
