import { Controller, Get, Inject, Module, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ASSETS, assetParams, downloadQuery, resolveDownloadReply, resolveZipReply, zipQuery } from '@printloom/contracts';
import { LOGGER, RpcClient, type Logger } from '@printloom/service-kit';
import type { ObjectStorage } from '@printloom/storage';
import { OBJECT_STORAGE } from '../core/tokens.js';
import { SessionService } from '../core/session.service.js';
import { validateInput } from '../core/validate.js';
import { requestIdOf } from '../core/request.js';
import { sendStream, sendZip } from './streaming.js';

const contentDisposition = (kind: 'attachment' | 'inline', fileName: string) =>
  `${kind}; filename="${fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/**
 * Files leave through the gateway: assets answers which object, its name and its ETag (binary data
 * never rides NATS), and the gateway streams it from storage.
 */
@Controller()
class DownloadsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly sessions: SessionService,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Many selected images as one ZIP, streamed file by file (never built in memory). */
  @Get('/api/download/zip')
  async zip(@Req() req: Request, @Res() res: Response) {
    const { userId } = await this.sessions.requireUser(req);
    const { ids } = validateInput(zipQuery, req.query);
    const { files } = await this.rpc.request(ASSETS.resolveZip, { userId, ids }, resolveZipReply, { requestId: requestIdOf(req) });
    const headers = {
      'content-type': 'application/zip',
      'content-disposition': contentDisposition('attachment', `printloom-${files.length}-images.zip`),
      'cache-control': 'private, no-store',
    };
    await sendZip(res, files, (key) => this.storage.getStream(key), headers, this.logger, requestIdOf(req));
  }

  @Get('/api/download/:id')
  async file(@Req() req: Request, @Res() res: Response) {
    const { userId } = await this.sessions.requireUser(req);
    const { id } = validateInput(assetParams, req.params);
    const query = validateInput(downloadQuery, req.query);
    const target = await this.rpc.request(ASSETS.resolveDownload, { userId, assetId: id, ...query }, resolveDownloadReply, { requestId: requestIdOf(req) });
    res.setHeader('etag', target.etag);
    res.setHeader('cache-control', target.immutable ? 'private, max-age=31536000, immutable' : 'private, no-cache');
    if (req.header('if-none-match') === target.etag) {
      res.status(304).end();
      return;
    }
    const stat = await this.storage.stat(target.key);
    res.status(200);
    res.setHeader('content-type', target.contentType);
    res.setHeader('content-disposition', contentDisposition(query.size ? 'inline' : 'attachment', target.fileName));
    if (stat) res.setHeader('content-length', String(stat.size));
    await sendStream(res, await this.storage.getStream(target.key), this.logger, requestIdOf(req));
  }
}

@Module({ controllers: [DownloadsController] })
export class DownloadsModule {}
