import { pipeline } from 'node:stream/promises';
import { Controller, Get, Inject, Module, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ZipArchive } from 'archiver';
import type { z } from 'zod';
import { ASSETS, AUTH, BILLING, GENERATION, accountSummaryReply, exportHistoryReply, exportJobsReply, exportPageReply, getUserReply } from '@printloom/contracts';
import { LOGGER, RpcClient, type Logger } from '@printloom/service-kit';
import type { ObjectStorage } from '@printloom/storage';
import { OBJECT_STORAGE } from '../core/tokens.js';
import { SessionService } from '../core/session.service.js';
import { requestIdOf } from '../core/request.js';

type ExportPage = z.infer<typeof exportPageReply>;

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/**
 * "Download my data": one ZIP streamed file by file, with account.json (the account, credits and
 * subscription), jobs.json, credit-history.json, library.json (every image's details) and every
 * image's print original under images/. A client that goes away stops the export.
 */
@Controller()
class AccountExportController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly sessions: SessionService,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Get('/api/account/export')
  async export(@Req() req: Request, @Res() res: Response) {
    const { userId } = await this.sessions.requireUser(req);
    const requestId = requestIdOf(req);
    // Everything but the images is gathered before the first byte, so a failing service is a clean error.
    const [user, summary, jobs, history] = await Promise.all([
      this.rpc.request(AUTH.getUser, { userId }, getUserReply, { requestId }),
      this.rpc.request(BILLING.accountSummary, { userId }, accountSummaryReply, { requestId }),
      this.rpc.request(GENERATION.exportJobs, { userId }, exportJobsReply, { requestId }),
      this.rpc.request(BILLING.exportHistory, { userId }, exportHistoryReply, { requestId }),
    ]);
    const page = await this.rpc.request(ASSETS.exportPage, { userId, after: null }, exportPageReply, { requestId });

    res.status(200);
    res.setHeader('content-type', 'application/zip');
    res.setHeader('content-disposition', `attachment; filename="printloom-my-data-${new Date().toISOString().slice(0, 10)}.zip"`);
    res.setHeader('cache-control', 'private, no-store');
    const archive = new ZipArchive({ store: true });
    let gone = false;
    const sent = pipeline(archive, res).catch((error: unknown) => {
      gone = true;
      this.logger.info({ err: error, userId }, 'Data export stopped: the client went away');
    });
    archive.append(json({ exportedAt: new Date().toISOString(), user: { id: user.id, email: user.email, hasPassword: user.hasPassword, hasGoogleAuth: user.hasGoogleAuth }, ...summary }), { name: 'account.json' });
    archive.append(json(jobs.jobs), { name: 'jobs.json' });
    archive.append(json(history), { name: 'credit-history.json' });

    let library: unknown[];
    try {
      library = await this.appendImages(archive, userId, requestId, page, () => gone);
    } catch (error) {
      // Headers are out: the only honest answer left is a broken download, never a ZIP that looks complete.
      this.logger.error({ err: error, userId }, 'Data export failed mid-stream');
      archive.abort();
      res.destroy();
      return;
    }
    if (gone) {
      archive.abort();
      return;
    }
    archive.append(json(library), { name: 'library.json' });
    await archive.finalize();
    await sent;
  }

  /** Every image's original under images/ (names made unique), page by page; returns the library's details. */
  private async appendImages(archive: ZipArchive, userId: string, requestId: string, first: ExportPage, gone: () => boolean): Promise<unknown[]> {
    const library: unknown[] = [];
    const used = new Map<string, number>();
    for (let page = first; ; ) {
      for (const { key, ...details } of page.assets) {
        if (gone()) return library;
        const seen = used.get(details.fileName) ?? 0;
        used.set(details.fileName, seen + 1);
        const name = seen > 0 ? details.fileName.replace(/\.png$/, `-${seen + 1}.png`) : details.fileName;
        library.push({ ...details, file: `images/${name}` });
        archive.append(await this.storage.getStream(key), { name: `images/${name}` });
      }
      if (!page.next) return library;
      page = await this.rpc.request(ASSETS.exportPage, { userId, after: page.next }, exportPageReply, { requestId });
    }
  }
}

@Module({ controllers: [AccountExportController] })
export class AccountExportModule {}
