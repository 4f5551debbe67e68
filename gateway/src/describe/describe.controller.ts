import { randomUUID } from 'node:crypto';
import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError, CREDIT_COSTS, GENERATION, TIME_BUDGETS, UPLOADS } from '@printloom/contracts';
import { LOGGER, RpcClient, withReservation, type Logger } from '@printloom/service-kit';
import { uploadKey, type ObjectStorage } from '@printloom/storage';
import { OBJECT_STORAGE } from '../tokens.js';
import type { SignedInUser } from '../session/session.service.js';
import { requestIdOf } from '../http/request.js';
import { receiveOneFile } from '../http/one-file-upload.js';
import { RouteEndpoint, SignedIn } from '../routes/route-endpoint.decorator.js';
import { sniffImageType } from './image-type.js';
import { assertWithinDecodeLimits } from './image-limits.js';

/**
 * Describe an image: the upload goes to storage and only its key travels to generation over NATS.
 * The gateway holds the credit: reserved before anything is stored, committed only once the answer
 * can be delivered, released otherwise (refused, failed, timed out, or the client went away), and
 * the upload deleted either way (the generation sweeper removes any a crash leaves behind).
 */
@Controller()
export class DescribeController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @RouteEndpoint('describeImage')
  async describe(@SignedIn() { userId }: SignedInUser, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    if (!req.is('multipart/form-data'))
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data in the field "image".');
    const file = await receiveOneFile(req, res, UPLOADS.describeImage);
    if (!file) throw new AppError('BAD_REQUEST', 'Choose an image to describe.');
    const mimeType = sniffImageType(file.buffer);
    if (!mimeType) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Please upload a JPEG, PNG or WebP image.');
    await assertWithinDecodeLimits(file.buffer);
    const requestId = requestIdOf(req);
    let clientGone = false;
    res.once('close', () => {
      if (!res.writableFinished) clientGone = true;
    });
    const uploadId = randomUUID();
    const key = uploadKey(userId, uploadId);
    const { result } = await withReservation(
      this.rpc,
      { userId, amount: CREDIT_COSTS.describe, reason: 'describe', ref: `describe:${uploadId}` },
      async () => {
        let reply;
        try {
          await this.storage.put(key, file.buffer, mimeType);
          reply = await this.rpc.request(
            GENERATION.describe,
            { userId, uploadKey: key, mimeType },
            { requestId, timeoutMs: TIME_BUDGETS.describe.gateway },
          );
        } finally {
          await this.storage
            .delete([key])
            .catch((error: unknown) => this.logger.warn({ err: error, key }, 'Upload not deleted; the staging sweeper will'));
        }
        if (clientGone) throw new AppError('TIMEOUT', 'The client went away before the description was ready.');
        return reply;
      },
      { logger: this.logger, requestId },
    );
    return result;
  }
}
