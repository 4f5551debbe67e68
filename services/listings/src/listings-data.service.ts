import { Injectable } from '@nestjs/common';
import type { AccountDeletionHandlers, DeletedAccount, SweepCounts } from '@printloom/service-kit';
import { ListingRepository } from './repositories/listing.repository.js';
import { SellerProfileRepository } from './repositories/seller-profile.repository.js';
import { CopyUsageRepository } from './repositories/copy-usage.repository.js';
import { RiskDenylistRepository } from './repositories/risk-denylist.repository.js';
import { RateLimitRepository } from './repositories/rate-limit.repository.js';
import { DENYLIST_SEED } from './trademarks/denylist-seed.js';

/** What listings holds of a seller, and when it goes: the account-deletion lists and the housekeeping. */
@Injectable()
export class ListingsDataService implements AccountDeletionHandlers {
  constructor(
    private readonly listings: ListingRepository,
    private readonly profiles: SellerProfileRepository,
    private readonly usage: CopyUsageRepository,
    private readonly denylist: RiskDenylistRepository,
    private readonly rateLimits: RateLimitRepository,
  ) {}

  /** The seed denylist ships with the code: each start brings the table up to it. */
  syncDenylistSeed(): Promise<void> {
    return this.denylist.syncSeed(DENYLIST_SEED);
  }

  /** Write counts and risk-check windows: risk-check windows last a minute, an hour-old one counts for nothing. */
  async deleteOldCounts(): Promise<SweepCounts> {
    return { deleted_rows: (await this.usage.deleteOld()) + (await this.rateLimits.deleteOlderThan(3600)) };
  }

  /** Copy and profile go with the account at once: nothing of them is kept for the retention period. */
  readonly onDeleted = async ({ userId }: DeletedAccount): Promise<void> => {
    await this.listings.deleteFor(userId);
    await this.profiles.deleteFor(userId);
    await this.denylist.deleteAllForUser(userId);
  };

  readonly purge = async ({ userId }: DeletedAccount): Promise<SweepCounts> => ({
    listings: await this.listings.deleteFor(userId),
    seller_profiles: await this.profiles.deleteFor(userId),
    copy_writes: await this.usage.deleteFor(userId),
    risk_denylist: await this.denylist.deleteAllForUser(userId),
  });
}
