import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Ban, Loader2, Trash2 } from 'lucide-react';
import { errorText } from '../../lib/api-client';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { addDenylistEntry, deleteDenylistEntry, denylistQueryOptions, useDenylist } from './api/denylist';

type Level = 'high' | 'medium' | 'low';
const CLASSES = [
  { code: '025', name: 'clothing' },
  { code: '021', name: 'mugs' },
  { code: '016', name: 'paper and prints' },
  { code: '009', name: 'downloads' },
] as const;
type ClassCode = (typeof CLASSES)[number]['code'];
const select = 'w-full rounded-lg border border-zinc-300 bg-transparent px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-900';

/** The seller's own denylist: phrases the risk check flags in their prompts and listings (theirs only). */
export function DenylistCard() {
  const queryClient = useQueryClient();
  const { data, isError } = useDenylist();
  const [phrase, setPhrase] = useState('');
  const [level, setLevel] = useState<Level>('medium');
  const [classes, setClasses] = useState<ClassCode[]>(['025']);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: denylistQueryOptions().queryKey });

  async function add(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { entry } = await addDenylistEntry({ phrase: phrase.trim(), level, classes });
      setPhrase('');
      await refresh();
      toast({ title: 'Phrase added', description: `"${entry.phrase}" is flagged in your prompts and listings.` });
    } catch (failure) {
      setError(errorText(failure, 'Failed to add the phrase'));
    } finally {
      setBusy(false);
    }
  }

  async function remove(id: string, removed: string) {
    setError(null);
    try {
      await deleteDenylistEntry(id);
      await refresh();
      toast({ title: 'Phrase removed', description: `"${removed}" is no longer flagged.` });
    } catch (failure) {
      setError(errorText(failure, 'Failed to remove the phrase'));
    }
  }

  const toggle = (code: ClassCode) => setClasses((now) => (now.includes(code) ? now.filter((known) => known !== code) : [...now, code]));
  const entries = data?.entries ?? [];

  return (
    <Card aria-labelledby="denylist">
      <h2 id="denylist" className="flex items-center gap-2 text-lg font-bold">
        <Ban className="size-5 text-accent" aria-hidden /> Your Denylist
      </h2>
      <p className="mt-2 text-sm text-muted">
        Phrases you want flagged in your own prompts and listings, besides the trademarks we check for everyone. Risk flags are reminders to
        check, not legal advice.
      </p>
      {isError && <p className="mt-2 text-sm text-muted">Your denylist is unavailable right now.</p>}
      {error && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error}
        </p>
      )}
      {entries.length > 0 ? (
        <ul className="mt-4 divide-y divide-zinc-200 dark:divide-zinc-800" aria-label="Phrases on your denylist">
          {entries.map((entry) => (
            <li key={entry.id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span>
                <span className="font-medium">{entry.phrase}</span>
                <span className="ml-2 text-muted">
                  {entry.level} risk{entry.classes.length > 0 ? ` · class ${entry.classes.join(', ')}` : ''}
                </span>
              </span>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                aria-label={`Remove "${entry.phrase}" from your denylist`}
                onClick={() => void remove(entry.id, entry.phrase)}
              >
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        data && <p className="mt-4 text-sm text-muted">No phrases yet.</p>
      )}
      <form className="mt-4 grid max-w-xl gap-3 sm:grid-cols-2" onSubmit={(event) => void add(event)}>
        <Field label="Phrase">
          <Input id="denylist-phrase" maxLength={100} value={phrase} onChange={(event) => setPhrase(event.target.value)} />
        </Field>
        <Field label="Risk level">
          <select id="denylist-level" className={select} value={level} onChange={(event) => setLevel(event.target.value as Level)}>
            <option value="high">High</option>
            <option value="medium">Medium</option>
            <option value="low">Low</option>
          </select>
        </Field>
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium">Classes</legend>
          <div className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1">
            {CLASSES.map(({ code, name }) => (
              <label key={code} className="flex items-center gap-1.5 text-sm">
                <input type="checkbox" checked={classes.includes(code)} onChange={() => toggle(code)} /> {code} {name}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="sm:col-span-2">
          <Button type="submit" size="sm" disabled={busy || phrase.trim().length < 2}>
            {busy && <Loader2 className="size-4 animate-spin" aria-hidden />} Add Phrase
          </Button>
        </div>
      </form>
    </Card>
  );
}
