import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { ExternalLink, Link2, Loader2 } from 'lucide-react';
import { ENDPOINTS } from '@printloom/contracts/endpoints';
import type { ConnectionState, PrintifyOAuthOutcome } from '@printloom/contracts/publishing.schemas';
import { ACCOUNT_SECTIONS } from '../../lib/account-sections';
import { ApiError, errorText } from '../../lib/api-client';
import { meQueryKey } from '../../lib/current-user';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { useRecentProof } from '../../components/reauth/RecentProof';
import { isRecentlyConfirmed, ProofDeclined } from '../../lib/recent-proof';
import { connectionQueryOptions, connectPrintify, disconnectPrintify, useConnection } from './api/publishing';
import { PRINTIFY_TOKEN_SCOPES, PRINTIFY_TOKEN_STEPS } from './printify-token';
import { ConnectionChecklist } from './ConnectionChecklist';

/** The callback's outcome, as the server put it in the address (`?printify=…&message=…`). */
function useOAuthOutcome(): { outcome: PrintifyOAuthOutcome; message: string } | null {
  const [params] = useSearchParams();
  const outcome = params.get('printify');
  if (outcome !== 'connected' && outcome !== 'declined' && outcome !== 'failed') return null;
  return { outcome, message: params.get('message') ?? '' };
}

/**
 * Account → Connections: connect Printify with OAuth ("Connect with Printify", when the server offers it)
 * or a personal access token, pick a shop, disconnect. `navigate` leaves for Printify's authorize page.
 */
export function ConnectionsCard({ navigate = (url: string) => window.location.assign(url) }: { navigate?: (url: string) => void }) {
  const queryClient = useQueryClient();
  const { data, isError } = useConnection();
  const oauthOutcome = useOAuthOutcome();
  const landedFrom = oauthOutcome?.outcome;
  // Back from Printify's authorize page: what this app knew of the connection (and of what it decides:
  // shops, templates, drafts) predates the grant, so it is read again rather than shown as it was.
  useEffect(() => {
    if (landedFrom) void queryClient.invalidateQueries({ queryKey: ['publishing'] });
  }, [landedFrom, queryClient]);
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Connecting (a token, or a shop of the saved one) decides where drafts go: it asks "Confirm it's you" first.
  const withProof = useRecentProof();
  const connect = (body: { token?: string; shopId?: number }) => withProof('connect Printify', () => connectPrintify(body));

  async function run(action: () => Promise<ConnectionState>, done: string) {
    setBusy(true);
    setError(null);
    try {
      const state = await action();
      queryClient.setQueryData(connectionQueryOptions().queryKey, state);
      setToken('');
      toast({ title: done });
    } catch (failure) {
      if (!(failure instanceof ProofDeclined)) setError(errorText(failure, 'Printify could not be connected'));
    } finally {
      setBusy(false);
    }
  }

  /** The authorize route is a navigation (a redirect to Printify): "Confirm it's you" is asked here first, when due. */
  async function connectWithPrintify() {
    setError(null);
    try {
      await withProof('connect Printify', async () => {
        const me = queryClient.getQueryData<{ confirmedUntil: string | null }>(meQueryKey);
        if (!isRecentlyConfirmed(me?.confirmedUntil)) throw new ApiError(403, JSON.stringify({ code: 'REAUTH_REQUIRED', error: '' }));
      });
      navigate(ENDPOINTS.authorizePrintify.path);
    } catch (failure) {
      if (!(failure instanceof ProofDeclined)) setError(errorText(failure, 'Printify could not be connected'));
    }
  }

  const oauthButton = data?.oauthAvailable && (
    <div>
      <Button type="button" size="sm" onClick={() => void connectWithPrintify()}>
        Connect with Printify
      </Button>
      <p className="mt-1 text-xs text-muted">Printify asks you to allow Printloom, then brings you back here.</p>
    </div>
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(() => connect({ token: token.trim() }), 'Printify connected');
  }

  return (
    <Card aria-labelledby={ACCOUNT_SECTIONS.connections}>
      <h2 id={ACCOUNT_SECTIONS.connections} className="flex items-center gap-2 text-lg font-bold">
        <Link2 className="size-5 text-accent" aria-hidden /> Connections
      </h2>
      <p className="mt-2 text-sm text-muted">
        Connect Printify to create product drafts of your designs there. Your token is stored encrypted and never shown again.
      </p>
      {isError && <p className="mt-2 text-sm text-muted">Your connections are unavailable right now.</p>}
      {data && !data.allowed && data.upgradeMessage && (
        <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {data.upgradeMessage}
        </p>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error}
        </p>
      )}
      {oauthOutcome && (
        <p role="status" className={`mt-3 text-sm ${oauthOutcome.outcome === 'connected' ? '' : 'text-danger'}`}>
          {oauthOutcome.message || (oauthOutcome.outcome === 'connected' ? 'Printify is connected.' : 'Printify was not connected.')}
        </p>
      )}
      {data?.connected ? (
        <div className="mt-4 space-y-3">
          <p className="text-sm">
            {data.via === 'oauth' ? (
              'Printify is connected (you allowed Printloom in Printify).'
            ) : (
              <>
                Printify is connected (token ending in <span className="font-mono">{data.tokenHint}</span>).
              </>
            )}
          </p>
          {data.needsReconnect && (
            <div role="alert" className="space-y-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
              <p>Printify ended this connection: reconnect Printify to go on creating drafts.</p>
              {oauthButton}
            </div>
          )}
          {data.shops.length > 1 && (
            <Field label="Shop drafts go to">
              <select
                id="printify-shop"
                className="h-10 w-full max-w-xs rounded-lg border border-zinc-300 bg-white px-3 text-sm dark:border-zinc-700 dark:bg-zinc-900"
                value={data.shopId ?? ''}
                disabled={busy}
                onChange={(event) => void run(() => connect({ shopId: Number(event.target.value) }), 'Shop chosen')}
              >
                <option value="" disabled>
                  Pick a shop
                </option>
                {data.shops.map((shop) => (
                  <option key={shop.id} value={shop.id}>
                    {shop.title} ({shop.salesChannel})
                  </option>
                ))}
              </select>
            </Field>
          )}
          {data.shops.length === 1 && <p className="text-sm text-muted">Drafts go to {data.shops[0]!.title}.</p>}
          <ConnectionChecklist checklist={data.checklist} />
          <Button size="sm" variant="outline" disabled={busy} onClick={() => void run(disconnectPrintify, 'Printify disconnected')}>
            Disconnect Printify
          </Button>
        </div>
      ) : (
        <form className="mt-4 grid max-w-xl gap-3" onSubmit={submit}>
          {data?.localShop && (
            <p className="text-sm text-muted">
              Not connected: drafts go to the local shop of this development system.{' '}
              {data.localShopUrl && (
                <a
                  href={data.localShopUrl}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex items-center gap-1 text-accent underline"
                >
                  Open the local shop <ExternalLink className="size-3.5" aria-hidden />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              )}
            </p>
          )}
          {oauthButton}
          {data?.oauthAvailable && <p className="text-sm text-muted">Or paste a personal access token:</p>}
          <section aria-labelledby="printify-token-steps" className="space-y-2 text-sm">
            <h3 id="printify-token-steps" className="font-semibold">
              Getting a Printify token
            </h3>
            <ol className="list-decimal space-y-1 pl-5">
              {PRINTIFY_TOKEN_STEPS.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            <p id="printify-token-scopes-label">Scopes to tick:</p>
            <ul aria-labelledby="printify-token-scopes-label" className="flex flex-wrap gap-1.5">
              {PRINTIFY_TOKEN_SCOPES.map((scope) => (
                <li key={scope} className="rounded bg-zinc-100 px-2 py-0.5 font-mono text-xs dark:bg-zinc-800">
                  {scope}
                </li>
              ))}
            </ul>
          </section>
          <Field label="Printify personal access token">
            <Input
              id="printify-token"
              type="password"
              autoComplete="off"
              value={token}
              onChange={(event) => setToken(event.target.value)}
              required
              minLength={8}
            />
          </Field>
          <div>
            <Button type="submit" size="sm" disabled={busy || token.trim().length < 8}>
              {busy && <Loader2 className="size-4 animate-spin" aria-hidden />} Connect Printify
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
