import { Readable } from 'node:stream';
import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  ASSETS,
  kitJobParams,
  kitListingCsv,
  kitListingJson,
  kitListingPath,
  LISTING_KIT,
  listingKitQuery,
  TIME_BUDGETS,
  type KitListing,
  type ListingTarget,
  type RpcReply,
} from '@printloom/contracts';
import { LOGGER, RpcClient, type Logger } from '@printloom/service-kit';
import type { ObjectStorage, PngText } from '@printloom/storage';
import { OBJECT_STORAGE } from '../tokens.js';
import type { SignedInUser } from '../session/session.service.js';
import { RouteEndpoint, SignedIn } from '../routes/route-endpoint.decorator.js';
import { validateInput } from '../http/validate.js';
import { requestIdOf } from '../http/request.js';
import { sendZip, type ZipEntry } from './streaming.js';
import { stampedPng, zipHeaders } from './stored-file.js';

type KitDesigns = RpcReply<typeof ASSETS.resolveKit>['designs'];
/** A file of the kit: a stored object (`key`), or listing text made here (`body`). */
type KitEntry = ZipEntry & { body?: string; pngText?: PngText };

/**
 * Listing kits leave like every ZIP: assets says which stored files go where (making the print files
 * and mockups, and having listings written, on first request), the gateway streams them. The kit is
 * made design by design while it streams, so a large one starts at once; the designs are all checked
 * to be the user's before the first byte (another user's design is a 404, never a partial ZIP).
 */
@Controller()
export class ListingKitController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @RouteEndpoint('downloadListingKit')
  async kit(@SignedIn() { userId }: SignedInUser, @Req() req: Request, @Res() res: Response) {
    const { ids } = validateInput(listingKitQuery, req.query);
    const requestId = requestIdOf(req);
    const { designs } = await this.rpc.request(ASSETS.resolveKit, { userId, ids }, { requestId });
    const name = designs.length === 1 ? `${designs[0].folder}-listing-kit.zip` : `printloom-listing-kit-${designs.length}-designs.zip`;
    await this.send(res, userId, designs, name, requestId);
  }

  /** A kit prepared as a job: every file is made and every listing written, so this streams at once. */
  @RouteEndpoint('downloadListingKitJob')
  async job(@SignedIn() { userId }: SignedInUser, @Req() req: Request, @Res() res: Response) {
    const { id } = validateInput(kitJobParams, req.params);
    const requestId = requestIdOf(req);
    const { designs, fileName } = await this.rpc.request(ASSETS.resolveKitJob, { userId, kitId: id }, { requestId });
    await this.send(res, userId, designs, fileName, requestId);
  }

  private async send(res: Response, userId: string, designs: KitDesigns, fileName: string, requestId: string) {
    const open = async (entry: KitEntry): Promise<Readable> =>
      entry.body !== undefined
        ? Readable.from([Buffer.from(entry.body)])
        : stampedPng(await this.storage.getStream(entry.key), entry.pngText);
    await sendZip(res, this.entries(userId, designs, requestId), open, zipHeaders(fileName), this.logger, requestId);
  }

  /** Each design's files as it is made, then listing.json and listing.csv of every marketplace. */
  private async *entries(userId: string, designs: KitDesigns, requestId: string): AsyncGenerator<KitEntry> {
    const listings = new Map<ListingTarget, KitListing[]>(LISTING_KIT.targets.map((target) => [target, []]));
    for (const { assetId, folder } of designs) {
      const design = await this.rpc.request(
        ASSETS.kitDesign,
        { userId, assetId, folder },
        { requestId, timeoutMs: TIME_BUDGETS.listingKitDesign.gateway },
      );
      yield* design.files;
      for (const listing of design.listings)
        listings.get(listing.target)?.push({
          design: folder,
          assetId,
          files: { light: design.light, dark: design.dark },
          mockups: design.mockups,
          title: listing.title,
          tags: listing.tags,
          description: listing.description,
          bullets: listing.bullets,
          brand: listing.brand,
          risks: listing.risks.map(({ term, level, source, classes, mark }) => ({ term, level, source, classes, mark })),
        });
    }
    for (const [target, rows] of listings) {
      yield { key: '', fileName: kitListingPath(target, 'json'), body: kitListingJson(target, rows) };
      yield { key: '', fileName: kitListingPath(target, 'csv'), body: kitListingCsv(rows) };
    }
  }
}
