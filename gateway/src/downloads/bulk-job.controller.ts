import type { Readable } from 'node:stream';
import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ASSETS, bulkJobParams, type RpcReply } from '@printloom/contracts';
import { LOGGER, RpcClient, type Logger } from '@printloom/service-kit';
import type { ObjectStorage } from '@printloom/storage';
import { OBJECT_STORAGE } from '../tokens.js';
import type { SignedInUser } from '../session/session.service.js';
import { RouteEndpoint, SignedIn } from '../routes/route-endpoint.decorator.js';
import { validateInput } from '../http/validate.js';
import { requestIdOf } from '../http/request.js';
import { sendZip } from './streaming.js';
import { stampedPng, zipHeaders } from './stored-file.js';

type BulkJobFile = RpcReply<typeof ASSETS.resolveBulkJob>['files'][number];

/**
 * A done bulk download or export leaves like every ZIP: assets says which stored files (all made by
 * the job) go under which name, the gateway streams them, each PNG stamped with its text chunks.
 */
@Controller()
export class BulkJobController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @RouteEndpoint('downloadBulkJob')
  async download(@SignedIn() { userId }: SignedInUser, @Req() req: Request, @Res() res: Response) {
    const { id } = validateInput(bulkJobParams, req.params);
    const requestId = requestIdOf(req);
    const { files, fileName } = await this.rpc.request(ASSETS.resolveBulkJob, { userId, jobId: id }, { requestId });
    const open = async (file: BulkJobFile): Promise<Readable> => stampedPng(await this.storage.getStream(file.key), file.pngText);
    await sendZip(res, files, open, zipHeaders(fileName), this.logger, requestId);
  }
}
