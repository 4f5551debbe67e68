import { Controller } from '@nestjs/common';
import { ASSETS, type RpcRequest } from '@printloom/contracts';
import { RpcHandler } from '@printloom/service-kit';
import { Downloads } from './downloads.service.js';

/** Downloads and exports: a design's file, a ZIP's files, the account's export page by page. */
@Controller()
export class DownloadsController {
  constructor(private readonly downloads: Downloads) {}

  @RpcHandler(ASSETS.exportPage)
  exportPage(request: RpcRequest<typeof ASSETS.exportPage>) {
    return this.downloads.exportPage(request.userId, request.after);
  }

  @RpcHandler(ASSETS.resolveDownload)
  resolveDownload(request: RpcRequest<typeof ASSETS.resolveDownload>) {
    return this.downloads.resolveDownload(request);
  }

  @RpcHandler(ASSETS.resolveZip)
  resolveZip(request: RpcRequest<typeof ASSETS.resolveZip>) {
    return this.downloads.resolveZip(request);
  }
}
