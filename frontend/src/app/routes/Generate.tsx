import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIMITS, TRIAL } from '@printloom/contracts/limits';
import type { Asset } from '@printloom/contracts/assets.schemas';
import type { Job } from '@printloom/contracts/generation.schemas';
import { apiRequest, errorText } from '../../lib/api';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { useToast } from '../../components/ui/toast';
import { useMe } from '../../features/auth/use-me';
import { STATUS_DISPLAY, daysLeft, withSuffixes } from '../../features/generate/status';

type Page = { assets: Asset[]; nextCursor: string | null };
const SUBSCRIBED = ['active', 'incomplete', 'trialing'];

export default function Generate() {
  const { data: me } = useMe();
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [prompt, setPrompt] = useState('');
  const [showOptions, setShowOptions] = useState(false);
  const [whiteBackground, setWhiteBackground] = useState(false);
  const [outline, setOutline] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [search, setSearch] = useState('');
  const [starredOnly, setStarredOnly] = useState(false);

  useEffect(() => {
    const prefill = params.get('prompt');
    if (prefill) {
      setPrompt(prefill.slice(0, LIMITS.promptMaxChars));
      params.delete('prompt');
      setParams(params, { replace: true });
    }
  }, [params, setParams]);

  const assetsQuery = useInfiniteQuery<Page>({
    queryKey: ['/api/assets', { search, starredOnly }],
    initialPageParam: null,
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams();
      if (pageParam) query.set('cursor', String(pageParam));
      if (search) query.set('search', search);
      if (starredOnly) query.set('starred', 'true');
      return apiRequest('GET', `/api/assets${query.size ? `?${query}` : ''}`);
    },
    getNextPageParam: (last) => last.nextCursor,
  });

  const jobQuery = useQuery<{ job: Job }>({
    queryKey: ['/api/jobs', jobId ?? ''],
    enabled: jobId !== null,
    refetchInterval: (query) => (['succeeded', 'failed'].includes(query.state.data?.job.status ?? '') ? false : LIMITS.jobPollIntervalMs),
    staleTime: 0,
  });
  const job = jobQuery.data?.job;
  const running = job && ['queued', 'generating', 'processing'].includes(job.status);

  useEffect(() => {
    if (job?.status === 'succeeded') {
      setSearch('');
      setStarredOnly(false);
      void queryClient.invalidateQueries({ queryKey: ['/api/auth/me'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/assets'] });
    }
  }, [job?.status, queryClient]);

  const credits = me?.credits ?? 0;
  const subscribed = me?.subscription ? SUBSCRIBED.includes(me.subscription.status) : false;
  const disabled = !prompt.trim() || submitting || Boolean(running) || credits <= 0;

  async function generate(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    try {
      const reply = await apiRequest<{ jobId: string }>('POST', '/api/generate', { prompt: withSuffixes(prompt, { whiteBackground, outline }), options: { transparent: true, dark: false } });
      setJobId(reply.jobId);
      void queryClient.invalidateQueries({ queryKey: ['/api/auth/me'] });
    } catch (error) {
      const message = errorText(error, 'Generation failed');
      if (message.includes('Insufficient credits')) navigate('/pricing');
      else toast({ title: 'Generation failed', description: message, variant: 'destructive' });
    } finally {
      setSubmitting(false);
    }
  }

  async function logout() {
    try {
      await apiRequest('POST', '/api/auth/logout');
      queryClient.clear();
      navigate('/');
    } catch {
      toast({ title: 'Logout failed', variant: 'destructive' });
    }
  }

  const act = async (action: () => Promise<unknown>, failure: string) => {
    try {
      await action();
      await queryClient.invalidateQueries({ queryKey: ['/api/assets'] });
    } catch (error) {
      toast({ title: failure, description: errorText(error, failure), variant: 'destructive' });
    }
  };

  const assets = assetsQuery.data?.pages.flatMap((page) => page.assets) ?? [];
  const status = job ? (job.status === 'succeeded' ? 'ready' : job.status) : 'idle';
  const display = STATUS_DISPLAY[status];

  return (
    <div className="min-h-screen">
      <header className="flex items-center justify-between border-b border-zinc-200 px-6 py-3 dark:border-zinc-800">
        <Link to="/generate" className="text-lg font-black text-brand-500">Printloom</Link>
        <div className="flex items-center gap-3 text-sm">
          <Link to="/account" className="rounded-full bg-brand-100 px-3 py-1 font-semibold text-brand-700 dark:bg-brand-600/20 dark:text-brand-400">
            {credits} credits
          </Link>
          <span className="hidden text-zinc-500 sm:inline">{me?.user.email}</span>
          <Button variant="ghost" onClick={() => void logout()}>Log out</Button>
        </div>
      </header>

      {!subscribed && me && (
        <div className={cn('px-6 py-2 text-sm', credits <= TRIAL.criticalAt ? 'bg-red-600 text-white' : 'bg-brand-50 text-brand-700 dark:bg-brand-600/10 dark:text-brand-400')}>
          {credits <= TRIAL.criticalAt ? 'Trial credits almost gone! ' : ''}
          {credits} of {TRIAL.credits} trial credits left.{' '}
          <Link to="/account" className={cn('font-semibold underline', credits <= TRIAL.warningAt && 'rounded bg-white/20 px-2 py-0.5')}>Upgrade Now</Link>
        </div>
      )}

      <main className="mx-auto max-w-6xl px-6 py-8">
        <form onSubmit={generate} className="rounded-2xl border border-zinc-200 p-4 dark:border-zinc-800">
          <label htmlFor="prompt" className="text-sm font-semibold">Describe your design</label>
          <textarea
            id="prompt"
            rows={3}
            maxLength={LIMITS.promptMaxChars}
            placeholder={`a cat astronaut, 'Space Meow' in retro letters`}
            className="mt-2 w-full resize-y rounded-lg border border-zinc-300 bg-transparent p-3 dark:border-zinc-700"
            value={prompt}
            onFocus={() => setShowOptions(true)}
            onChange={(event) => setPrompt(event.target.value)}
          />
          {showOptions && (
            <div className="mt-2 flex flex-wrap gap-4 text-sm">
              <label className="flex items-center gap-2">
                Background
                <select className="rounded border border-zinc-300 bg-transparent px-2 py-1 dark:border-zinc-700" value={whiteBackground ? 'white' : 'black'} onChange={(event) => setWhiteBackground(event.target.value === 'white')}>
                  <option value="black">Black</option>
                  <option value="white">White</option>
                </select>
              </label>
              <label className="flex items-center gap-2">
                <input type="checkbox" checked={outline} onChange={(event) => setOutline(event.target.checked)} /> Add outline (sticker effect)
              </label>
            </div>
          )}
          <div className="mt-3 flex items-center justify-between gap-3">
            <span className="text-xs text-zinc-500">{prompt.length}/{LIMITS.promptMaxChars}</span>
            <Button type="submit" disabled={disabled}>Generate</Button>
          </div>
          {credits <= 0 && me && <p className="mt-2 text-sm text-red-500">No credits remaining. Purchase more to continue.</p>}
        </form>

        {running && (
          <div className="mt-4 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800" role="status">
            <div className="flex justify-between text-sm">
              <span className="font-semibold">{display.label}</span>
              {display.seconds && <span className="text-zinc-500">~{display.seconds}s</span>}
            </div>
            <div className="mt-2 h-2 rounded bg-zinc-200 dark:bg-zinc-800">
              <div className="h-2 rounded bg-brand-500 transition-all" style={{ width: `${display.progress}%` }} />
            </div>
          </div>
        )}
        {job?.status === 'failed' && (
          <div className="mt-4 rounded-xl border border-red-300 bg-red-50 p-4 text-red-700 dark:border-red-900 dark:bg-red-950 dark:text-red-300">
            <p className="font-semibold">Generation failed</p>
            <p className="text-sm">{job.error}</p>
          </div>
        )}

        <div className="mt-8 flex flex-wrap items-center gap-3">
          <Button variant={starredOnly ? 'primary' : 'outline'} onClick={() => setStarredOnly(!starredOnly)}>Starred Only</Button>
          <input
            aria-label="Search prompts"
            placeholder="Search prompts..."
            className="flex-1 rounded-lg border border-zinc-300 bg-transparent px-3 py-2 text-sm dark:border-zinc-700"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>

        {assetsQuery.isLoading && <p className="mt-8 text-zinc-500">Loading your images...</p>}
        {!assetsQuery.isLoading && assets.length === 0 && (
          <p className="mt-8 text-zinc-500">{search || starredOnly ? 'No matching images found' : 'No images yet. Generate some above!'}</p>
        )}
        <div className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">
          {running && Array.from({ length: 4 }, (_, index) => <div key={`skeleton-${index}`} className="aspect-square animate-pulse rounded-xl bg-zinc-200 dark:bg-zinc-800" />)}
          {assets.map((asset) => {
            const days = daysLeft(asset.expiresAt);
            return (
              <figure key={asset.id} className="group relative overflow-hidden rounded-xl border border-zinc-200 dark:border-zinc-800">
                <div className="checkerboard aspect-square">
                  <img src={`/api/download/${asset.id}?variant=original&size=thumbnail`} alt={asset.job.prompt} loading="lazy" className="h-full w-full object-contain" />
                </div>
                {days <= LIMITS.expiryWarningDays && (
                  <span className="absolute left-2 top-2 rounded bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">Expires in {days} day{days === 1 ? '' : 's'}</span>
                )}
                <figcaption className="flex items-center justify-between gap-1 p-2 text-xs">
                  <span className="truncate text-zinc-500" title={asset.job.prompt}>{asset.variant ?? ''} · {asset.job.prompt}</span>
                  <span className="flex shrink-0 gap-1">
                    <button aria-label={asset.starred ? 'Unstar' : 'Star'} className={cn('rounded px-1', asset.starred ? 'text-yellow-400' : 'text-zinc-400')} onClick={() => void act(() => apiRequest('PATCH', `/api/assets/${asset.id}/star`), 'Failed to star asset')}>★</button>
                    <a aria-label="Download" className="rounded px-1 text-zinc-400 hover:text-zinc-100" href={`/api/download/${asset.id}?variant=original`}>⬇</a>
                    <button aria-label="Delete" className="rounded px-1 text-zinc-400 hover:text-red-500" onClick={() => void act(() => apiRequest('DELETE', `/api/assets/${asset.id}`), 'Delete failed')}>✕</button>
                  </span>
                </figcaption>
              </figure>
            );
          })}
        </div>
        {assetsQuery.hasNextPage && (
          <div className="mt-6 text-center">
            <Button variant="outline" disabled={assetsQuery.isFetchingNextPage} onClick={() => void assetsQuery.fetchNextPage()}>Load More</Button>
          </div>
        )}
      </main>
    </div>
  );
}
