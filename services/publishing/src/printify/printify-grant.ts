// Printify's OAuth 2.0 token endpoints (a registered app): a code exchanged for an access and a refresh
// token, and a refresh for a new pair. Both answer `{access_token, refresh_token, expire_at}`; errors are
// 400 `{error, error_description}` (printify-fidelity.md).
import { z } from 'zod';
import { PRINTIFY_OAUTH_TOKEN_MAX } from '@printloom/contracts';
import { PrintifyUnavailable } from './printify-client.js';

const grantReply = z.object({
  access_token: z.string().min(1).max(PRINTIFY_OAUTH_TOKEN_MAX),
  refresh_token: z.string().min(1).max(PRINTIFY_OAUTH_TOKEN_MAX),
  expire_at: z.string().min(1),
});

export interface Grant {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
}

/** Printify refused the code or the refresh token (400): asking again will not help. */
export class GrantRefused extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string | null,
  ) {
    super(description ?? error);
    this.name = 'GrantRefused';
  }
}

export interface GrantClientOptions {
  apiBase: string;
  appId: string;
  userAgent: string;
  timeoutMs?: number;
}

/** `2020-10-14 11:26:10+00:00` (Printify's format) or ISO 8601. */
export function printifyTime(text: string): Date | null {
  const at = Date.parse(text.includes('T') ? text : text.replace(' ', 'T'));
  return Number.isFinite(at) ? new Date(at) : null;
}

export class PrintifyGrantClient {
  constructor(private readonly options: GrantClientOptions) {}

  exchange(code: string): Promise<Grant> {
    return this.post('/app/oauth/tokens', { app_id: this.options.appId, code });
  }

  refresh(refreshToken: string, timeoutMs?: number): Promise<Grant> {
    return this.post('/app/oauth/tokens/refresh', { app_id: this.options.appId, refresh_token: refreshToken }, timeoutMs);
  }

  private async post(path: string, body: Record<string, string>, timeoutMs = this.options.timeoutMs ?? 30_000): Promise<Grant> {
    let response: Response;
    try {
      response = await fetch(`${this.options.apiBase.replace(/\/$/, '')}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': this.options.userAgent },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new PrintifyUnavailable(`Printify could not be reached: ${(error as Error).message}`);
    }
    const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (response.status >= 500 || response.status === 429) throw new PrintifyUnavailable(`Printify answered ${response.status}`);
    if (!response.ok)
      throw new GrantRefused(
        response.status,
        String(json?.error ?? `HTTP ${response.status}`),
        typeof json?.error_description === 'string' ? json.error_description : null,
      );
    const parsed = grantReply.safeParse(json);
    const expiresAt = parsed.success ? printifyTime(parsed.data.expire_at) : null;
    if (!parsed.success || !expiresAt) throw new PrintifyUnavailable(`Printify answered ${path} in an unexpected shape`);
    return { accessToken: parsed.data.access_token, refreshToken: parsed.data.refresh_token, expiresAt };
  }
}
