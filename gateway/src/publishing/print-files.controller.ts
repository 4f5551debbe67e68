import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ASSETS, EXPORT_RENDER_TIMEOUT_MS, PUBLISHING, printLinkParams } from '@printloom/contracts';
import { LOGGER, RpcClient, type Logger } from '@printloom/service-kit';
import type { ObjectStorage } from '@printloom/storage';
import { OBJECT_STORAGE } from '../tokens.js';
import { RouteEndpoint } from '../routes/route-endpoint.decorator.js';
import { validateInput } from '../http/validate.js';
import { requestIdOf } from '../http/request.js';
import { sendStoredFile } from '../downloads/stored-file.js';

/**
 * A print file through a signed single-design link (publishing mints it, valid 15 minutes, one design
 * and garment): how Printify, or the local shop, downloads it, with no session cookie. Publishing says
 * which design and garment the link names; assets makes the garment file when needed and answers where
 * it is stored; the bytes are streamed from storage.
 */
@Controller()
export class PrintFilesController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @RouteEndpoint('downloadPrintFile')
  async file(@Req() req: Request, @Res() res: Response) {
    const { token } = validateInput(printLinkParams, req.params);
    const requestId = requestIdOf(req);
    const link = await this.rpc.request(PUBLISHING.resolvePrintLink, { token }, { requestId });
    const target = await this.rpc.request(
      ASSETS.resolveDownload,
      { userId: link.userId, assetId: link.assetId, garment: link.garment },
      { requestId, timeoutMs: EXPORT_RENDER_TIMEOUT_MS },
    );
    await sendStoredFile(
      req,
      res,
      {
        key: target.key,
        contentType: target.contentType,
        fileName: `print-file-${link.garment}.png`,
        disposition: 'attachment',
        cacheControl: 'private, no-store',
        pngText: target.pngText,
      },
      { storage: this.storage, logger: this.logger, requestId },
    );
  }
}
