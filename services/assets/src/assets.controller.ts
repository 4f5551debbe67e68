import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ASSETS,
  assetRequest,
  bulkDeleteRequest,
  exportPageRequest,
  ingestRequest,
  jobsWithAssetsRequest,
  unsubscribeRemindersRequest,
  usageRequest,
  listAssetsRequest,
  resolveDownloadRequest,
  resolveZipRequest,
  upscaleRequest,
} from '@printloom/contracts';
import { ZodPipe } from '@printloom/service-kit';
import type { z } from 'zod';
import { AssetsService } from './assets.service.js';
import { ImageOperationsService } from './image-operations.service.js';
import { ExpiryReminders } from './expiry-reminders.service.js';

@Controller()
export class AssetsController {
  constructor(
    private readonly assets: AssetsService,
    private readonly operations: ImageOperationsService,
    private readonly reminders: ExpiryReminders,
  ) {}

  @MessagePattern(ASSETS.exportPage)
  exportPage(@Payload(new ZodPipe(exportPageRequest)) request: z.infer<typeof exportPageRequest>) {
    return this.assets.exportPage(request.userId, request.after);
  }

  @MessagePattern(ASSETS.usage)
  usage(@Payload(new ZodPipe(usageRequest)) request: z.infer<typeof usageRequest>) {
    return this.assets.usage(request.userId);
  }

  @MessagePattern(ASSETS.unsubscribeReminders)
  unsubscribeReminders(@Payload(new ZodPipe(unsubscribeRemindersRequest)) request: z.infer<typeof unsubscribeRemindersRequest>) {
    return this.reminders.unsubscribe(request.token);
  }

  @MessagePattern(ASSETS.ingest)
  ingest(@Payload(new ZodPipe(ingestRequest)) request: z.infer<typeof ingestRequest>) {
    return this.assets.ingest(request);
  }

  @MessagePattern(ASSETS.list)
  list(@Payload(new ZodPipe(listAssetsRequest)) request: z.infer<typeof listAssetsRequest>) {
    return this.assets.list(request);
  }

  @MessagePattern(ASSETS.star)
  star(@Payload(new ZodPipe(assetRequest)) request: z.infer<typeof assetRequest>) {
    return this.assets.toggleStar(request.userId, request.assetId);
  }

  @MessagePattern(ASSETS.delete)
  delete(@Payload(new ZodPipe(assetRequest)) request: z.infer<typeof assetRequest>) {
    return this.assets.delete(request.userId, request.assetId);
  }

  @MessagePattern(ASSETS.bulkDelete)
  bulkDelete(@Payload(new ZodPipe(bulkDeleteRequest)) request: z.infer<typeof bulkDeleteRequest>) {
    return this.assets.deleteMany(request.userId, request.ids);
  }

  @MessagePattern(ASSETS.resolveDownload)
  resolveDownload(@Payload(new ZodPipe(resolveDownloadRequest)) request: z.infer<typeof resolveDownloadRequest>) {
    return this.assets.resolveDownload(request);
  }

  @MessagePattern(ASSETS.resolveZip)
  resolveZip(@Payload(new ZodPipe(resolveZipRequest)) request: z.infer<typeof resolveZipRequest>) {
    return this.assets.resolveZip(request);
  }

  @MessagePattern(ASSETS.jobsWithAssets)
  jobsWithAssets(@Payload(new ZodPipe(jobsWithAssetsRequest)) request: z.infer<typeof jobsWithAssetsRequest>) {
    return this.assets.jobsWithAssets(request.jobIds);
  }

  @MessagePattern(ASSETS.removeBackground)
  removeBackground(@Payload(new ZodPipe(assetRequest)) request: z.infer<typeof assetRequest>) {
    return this.operations.removeBackground(request.userId, request.assetId);
  }

  @MessagePattern(ASSETS.upscale)
  upscale(@Payload(new ZodPipe(upscaleRequest)) request: z.infer<typeof upscaleRequest>) {
    return this.operations.upscale(request.userId, request.assetId, request.scaleFactor);
  }
}
