import { Controller } from '@nestjs/common';
import { ASSETS, type RpcRequest } from '@printloom/contracts';
import { RpcHandler } from '@printloom/service-kit';
import { ImageOperationsService } from './image-operations.service.js';
import { Mockups } from './mockups/mockups.service.js';
import { BatchQuality } from './quality/batch-quality.service.js';

/** Renders: image operations, mockups and quality counts, the CPU work of the image worker pool. */
@Controller()
export class RendersController {
  constructor(
    private readonly operations: ImageOperationsService,
    private readonly mockups: Mockups,
    private readonly batchQualities: BatchQuality,
  ) {}

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

  @RpcHandler(ASSETS.batchQuality)
  batchQuality(request: RpcRequest<typeof ASSETS.batchQuality>) {
    return this.batchQualities.of(request.userId, request.batchId);
  }
}
