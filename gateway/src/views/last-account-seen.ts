import type { MeReply } from '@printloom/contracts';

/** The account part of a `me` view: what billing's summary adds to auth's user. */
export type AccountPart = Pick<MeReply, 'credits' | 'trialCredits' | 'trialCreditsExpireAt' | 'subscription' | 'trialNotice'>;

/** What a user without a summary seen by this instance is shown while billing does not answer. */
const NONE_SEEN: AccountPart = { credits: 0, trialCredits: 0, subscription: null };

/**
 * The last account summary this instance saw per user, so a `me` asked while billing does not answer
 * shows the user's last known credits (marked stale) rather than 0. Bounded: the users seen longest
 * ago go first.
 */
export class LastAccountSeen {
  private readonly accounts = new Map<string, AccountPart>();

  constructor(private readonly maxUsers: number) {}

  remember(userId: string, account: AccountPart): void {
    this.accounts.delete(userId);
    this.accounts.set(userId, account);
    if (this.accounts.size > this.maxUsers) this.accounts.delete(this.accounts.keys().next().value!);
  }

  /** The last summary seen for the user, or 0 credits when none. */
  of(userId: string): AccountPart {
    return this.accounts.get(userId) ?? NONE_SEEN;
  }
}
