import { Readable } from 'node:stream';
import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ASSETS, AUTH, BILLING, GENERATION, LISTINGS, PUBLISHING, type RpcReply } from '@printloom/contracts';
import { LOGGER, RpcClient, type Logger } from '@printloom/service-kit';
import type { ObjectStorage } from '@printloom/storage';
import { OBJECT_STORAGE } from '../tokens.js';
import type { SignedInUser } from '../session/session.service.js';
import { RouteEndpoint, SignedIn } from '../routes/route-endpoint.decorator.js';
import { requestIdOf } from '../http/request.js';
import { sendZip, type ZipEntry } from '../downloads/streaming.js';

type ExportedAsset = RpcReply<typeof ASSETS.exportPage>['assets'][number];

/** A file of the export: JSON made here (`body`), or an image's original in storage (`key`). */
type ExportEntry = ZipEntry & { body?: Buffer };

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/**
 * "Download my data": one ZIP streamed file by file, with account.json (the account, credits and
 * subscription), jobs.json, batches.json (every batch and its rows), credit-history.json, library.json
 * (every image's details), listings.json (the seller profile, the own denylist and every listing's copy),
 * publishing.json (the Printify connection without its token, product templates and publications) and every
 * image's print original under images/. The ZIP streaming (client going away, a file gone) is the
 * downloads' own `sendZip`.
 */
@Controller()
export class AccountExportController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @RouteEndpoint('exportAccount')
  async export(@SignedIn() { userId }: SignedInUser, @Req() req: Request, @Res() res: Response) {
    const requestId = requestIdOf(req);
    // Everything but the image bytes is gathered before the first byte, so a failing service is a clean error.
    const [user, summary, jobs, history, assets, listings, publishing] = await Promise.all([
      this.rpc.request(AUTH.getUser, { userId }, { requestId }),
      this.rpc.request(BILLING.accountSummary, { userId }, { requestId }),
      this.rpc.request(GENERATION.exportJobs, { userId }, { requestId }),
      this.rpc.request(BILLING.exportHistory, { userId }, { requestId }),
      this.library(userId, requestId),
      this.rpc.request(LISTINGS.exportData, { userId }, { requestId }),
      this.rpc.request(PUBLISHING.exportData, { userId }, { requestId }),
    ]);
    const { library, images } = namedImages(assets);
    const account = {
      exportedAt: new Date().toISOString(),
      user: { id: user.id, email: user.email, hasPassword: user.hasPassword, hasGoogleAuth: user.hasGoogleAuth },
      ...summary,
    };
    const entries: ExportEntry[] = [
      { key: '', fileName: 'account.json', body: json(account) },
      { key: '', fileName: 'jobs.json', body: json(jobs.jobs) },
      { key: '', fileName: 'batches.json', body: json(jobs.batches) },
      { key: '', fileName: 'credit-history.json', body: json(history) },
      { key: '', fileName: 'library.json', body: json(library) },
      { key: '', fileName: 'listings.json', body: json(listings) },
      { key: '', fileName: 'publishing.json', body: json(publishing) },
      ...images,
    ];
    const headers = {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="printloom-my-data-${new Date().toISOString().slice(0, 10)}.zip"`,
      'cache-control': 'private, no-store',
    };
    await sendZip(
      res,
      entries,
      async (entry) => (entry.body ? Readable.from([entry.body]) : this.storage.getStream(entry.key)),
      headers,
      this.logger,
      requestId,
    );
  }

  /** The details of every image of the user, page by page (no bytes: those are streamed one by one). */
  private async library(userId: string, requestId: string): Promise<ExportedAsset[]> {
    const assets: ExportedAsset[] = [];
    for (let after: string | null = null; ;) {
      const page: RpcReply<typeof ASSETS.exportPage> = await this.rpc.request(ASSETS.exportPage, { userId, after }, { requestId });
      assets.push(...page.assets);
      if (!page.next) return assets;
      after = page.next;
    }
  }
}

/** Each image's original under images/, names made unique; the library lists where each one went. */
function namedImages(assets: ExportedAsset[]): { library: unknown[]; images: ExportEntry[] } {
  const used = new Map<string, number>();
  const library: unknown[] = [];
  const images: ExportEntry[] = [];
  for (const { key, ...details } of assets) {
    const seen = used.get(details.fileName) ?? 0;
    used.set(details.fileName, seen + 1);
    const name = seen > 0 ? details.fileName.replace(/\.png$/, `-${seen + 1}.png`) : details.fileName;
    library.push({ ...details, file: `images/${name}` });
    images.push({ key, fileName: `images/${name}` });
  }
  return { library, images };
}
