import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ASSETS, assetParams, downloadQuery, EXPORT_RENDER_TIMEOUT_MS, mockupParams, TIME_BUDGETS, zipQuery } from '@printloom/contracts';
import { LOGGER, RpcClient, type Logger } from '@printloom/service-kit';
import type { ObjectStorage } from '@printloom/storage';
import { OBJECT_STORAGE } from '../tokens.js';
import type { SignedInUser } from '../session/session.service.js';
import { RouteEndpoint, SignedIn } from '../routes/route-endpoint.decorator.js';
import { validateInput } from '../http/validate.js';
import { requestIdOf } from '../http/request.js';
import { sendZip } from './streaming.js';
import { sendStoredFile, stampedPng, zipHeaders } from './stored-file.js';

/**
 * Files leave through the gateway: assets answers which object, its name and its ETag (binary data
 * never rides NATS), and the gateway streams it from storage.
 */
@Controller()
export class DownloadsController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Many selected images as one ZIP, streamed file by file (never built in memory); exports are made first. */
  @RouteEndpoint('downloadZip')
  async zip(@SignedIn() { userId }: SignedInUser, @Req() req: Request, @Res() res: Response) {
    const { ids, preset, garment } = validateInput(zipQuery, req.query);
    const requestId = requestIdOf(req);
    const { files } = await this.rpc.request(ASSETS.resolveZip, { userId, ids, preset, garment }, { requestId });
    const headers = zipHeaders(`printloom-${[`${files.length}-images`, preset, garment].filter(Boolean).join('-')}.zip`);
    // Every export is made (or found kept) before the first byte goes out: a file over its preset's byte
    // cap is then a clean 422, never a ZIP cut off halfway. Exports are kept per asset and preset, so the
    // files made before the refusal are not made again.
    let clientGone = false;
    res.once('close', () => (clientGone = true));
    const entries: typeof files = [];
    for (const file of files) {
      if (clientGone) return; // nobody left to stream to: make no more exports
      const exported =
        (preset || garment) &&
        (await this.rpc.request(
          ASSETS.resolveDownload,
          { userId, assetId: file.assetId, preset, garment },
          { requestId, timeoutMs: EXPORT_RENDER_TIMEOUT_MS },
        ));
      entries.push(exported ? { ...file, key: exported.key } : file);
    }
    const open = async (file: (typeof files)[number]) => stampedPng(await this.storage.getStream(file.key), file.pngText);
    await sendZip(res, entries, open, headers, this.logger, requestId);
  }

  @RouteEndpoint('downloadAsset')
  async file(@SignedIn() { userId }: SignedInUser, @Req() req: Request, @Res() res: Response) {
    const { id } = validateInput(assetParams, req.params);
    const query = validateInput(downloadQuery, req.query);
    const timeoutMs = query.preset || query.garment ? EXPORT_RENDER_TIMEOUT_MS : undefined;
    const target = await this.rpc.request(
      ASSETS.resolveDownload,
      { userId, assetId: id, ...query },
      { requestId: requestIdOf(req), timeoutMs },
    );
    await sendStoredFile(
      req,
      res,
      {
        ...target,
        disposition: query.size ? 'inline' : 'attachment',
        cacheControl: target.immutable ? 'private, max-age=31536000, immutable' : 'private, no-cache',
      },
      { storage: this.storage, logger: this.logger, requestId: requestIdOf(req) },
    );
  }

  /** One garment preview (JPEG), made with its set on first request if the list was not asked first. */
  @RouteEndpoint('downloadMockup')
  async mockup(@SignedIn() { userId }: SignedInUser, @Req() req: Request, @Res() res: Response) {
    const { id, mockupId } = validateInput(mockupParams, req.params);
    const { key, contentType, fileName, etag } = await this.rpc.request(
      ASSETS.resolveMockup,
      { userId, assetId: id, mockupId },
      { requestId: requestIdOf(req), timeoutMs: TIME_BUDGETS.mockups.gateway },
    );
    // Inline: the lightbox shows it as an image; its download link names the file.
    await sendStoredFile(
      req,
      res,
      { key, contentType, fileName, etag, disposition: 'inline', cacheControl: 'private, max-age=31536000, immutable' },
      { storage: this.storage, logger: this.logger, requestId: requestIdOf(req) },
    );
  }
}
