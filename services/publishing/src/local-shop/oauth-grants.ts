// The local shop's side of Printify's OAuth 2.0 for apps: the authorize page (Accept, Decline), its
// redirect with a one-time code or the error, and `POST /v1/app/oauth/tokens` (a code) and
// `…/tokens/refresh` (a refresh token), each answering a new pair.
import { randomBytes } from 'node:crypto';
import type { LocalAccounts } from './accounts.js';
import { HttpError, printifyDate } from './printify-answers.js';

export class LocalOAuth {
  /** Codes issued on Accept, each for one exchange. */
  private readonly codes = new Set<string>();
  /** Refresh tokens and the account (shop) each refreshes. */
  private readonly refreshTokens = new Map<string, number>();
  refusingRefreshes = false;
  /** Test hook: awaited inside a refresh before it answers (to hold two refreshes side by side). */
  beforeRefresh: (() => Promise<void> | void) | null = null;

  constructor(
    private readonly accounts: LocalAccounts,
    /** How long an access token lives (Printify: 6 hours). */
    public accessTtlMs: number,
  ) {}

  /** Printify's authorize page, as a merchant sees it: the app asks for access; Accept or Decline. */
  authorizePage(url: URL): string {
    const params = url.searchParams;
    for (const name of ['app_id', 'accept_url', 'decline_url'])
      if (!params.get(name)) throw new HttpError(400, { error: `${name} is required` });
    const query = (decision: string) => `/app/authorize/${decision}?${params.toString()}`;
    const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorize app · Local shop</title></head><body>
<h1>Authorize ${escape(params.get('app_id')!)}</h1>
<p>This app asks to manage your local shop's products, uploads and catalogue.</p>
<p><a href="${escape(query('accept'))}">Accept</a> <a href="${escape(query('decline'))}">Decline</a></p>
</body></html>`;
  }

  /** Accept: a one-time code to the accept URL; Decline: the error to the decline URL (each with the state). */
  decide(decision: 'accept' | 'decline', url: URL): string {
    const params = url.searchParams;
    const target = new URL(params.get(decision === 'accept' ? 'accept_url' : 'decline_url') ?? '');
    if (decision === 'accept') {
      const code = randomBytes(18).toString('hex');
      this.codes.add(code);
      target.searchParams.set('code', code);
    } else {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'The merchant declined the authorization request.');
    }
    const state = params.get('state');
    if (state) target.searchParams.set('state', state);
    return target.toString();
  }

  /** `POST /v1/app/oauth/tokens` (a code) and `…/refresh` (a refresh token): a new pair; 400 `{error, error_description}` otherwise. */
  async grant(kind: 'code' | 'refresh', body: Record<string, unknown>): Promise<unknown> {
    const invalid = (description: string) => new HttpError(400, { error: 'invalid_grant', error_description: description });
    if (typeof body.app_id !== 'string' || !body.app_id)
      throw new HttpError(400, { error: 'invalid_request', error_description: 'app_id is required' });
    let shopId: number | undefined;
    if (kind === 'code') {
      const code = String(body.code ?? '');
      if (!this.codes.delete(code)) throw invalid('The authorization code is invalid or was used.');
    } else {
      await this.beforeRefresh?.();
      const refreshToken = String(body.refresh_token ?? '');
      shopId = this.refreshTokens.get(refreshToken);
      if (shopId === undefined || this.refusingRefreshes) throw invalid('The refresh token is invalid or was revoked.');
      this.refreshTokens.delete(refreshToken);
    }
    const accessToken = `oauth-access-${randomBytes(24).toString('hex')}`;
    const refreshToken = `oauth-refresh-${randomBytes(24).toString('hex')}`;
    if (shopId === undefined) shopId = this.accounts.add(accessToken);
    else this.accounts.addForShop(accessToken, shopId);
    const expiresAt = Date.now() + this.accessTtlMs;
    this.accounts.expireAt(accessToken, expiresAt);
    this.refreshTokens.set(refreshToken, shopId);
    return { access_token: accessToken, refresh_token: refreshToken, expire_at: printifyDate(expiresAt) };
  }
}
