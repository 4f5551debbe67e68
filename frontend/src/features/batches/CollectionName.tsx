import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2, Pencil } from 'lucide-react';
import { LIMITS } from '@printloom/contracts/limits';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { errorText } from '../../lib/api-client';
import { batchesQueryKey, renameBatch, type Batch } from './api/batches';

/** "Rename": the collection's name edited in place; the page title and the list follow the saved name. */
export function CollectionName({ batch }: { batch: Pick<Batch, 'id' | 'name'> }) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(batch.name);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const reply = await renameBatch(batch.id, value);
      queryClient.setQueryData([...batchesQueryKey, 'one', batch.id], reply);
      void queryClient.invalidateQueries({ queryKey: [...batchesQueryKey, 'list'] });
      setEditing(false);
      toast({ title: 'Collection renamed', description: reply.batch.name });
    } catch (failure) {
      setError(errorText(failure, 'The name could not be saved.'));
    } finally {
      setSaving(false);
    }
  }

  if (!editing)
    return (
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          setValue(batch.name);
          setEditing(true);
        }}
      >
        <Pencil className="size-4" aria-hidden /> Rename
      </Button>
    );
  return (
    <form aria-label="Rename the collection" onSubmit={(event) => void save(event)} className="flex w-full flex-wrap items-end gap-2">
      <div className="min-w-64 flex-1 space-y-1">
        <label htmlFor={inputId} className="text-sm font-medium">
          Collection name
        </label>
        <input
          id={inputId}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          maxLength={LIMITS.collectionNameMaxChars}
          aria-invalid={error !== null}
          aria-describedby={error ? `${inputId}-error` : undefined}
          autoFocus
          className="w-full rounded-lg border border-zinc-300 bg-transparent px-3 py-2 text-sm dark:border-zinc-700"
        />
        {error && (
          <p id={`${inputId}-error`} role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" disabled={saving}>
        {saving && <Loader2 className="size-4 animate-spin" aria-hidden />} Save name
      </Button>
      <Button type="button" variant="ghost" onClick={() => setEditing(false)}>
        Cancel
      </Button>
    </form>
  );
}
