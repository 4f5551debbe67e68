import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { FileSpreadsheet, Layers, Loader2 } from 'lucide-react';
import { BATCH_VALUE_SLOT } from '@printloom/contracts/batch-values';
import type { BatchRowProblem } from '@printloom/contracts/batches.schemas';
import { LIMITS } from '@printloom/contracts/limits';
import { BATCH_MESSAGES } from '@printloom/contracts/messages';
import { CREDIT_COSTS, IMAGES_PER_GENERATION } from '@printloom/contracts/plans';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { Table } from '../../components/ui/table';
import { errorText, hasErrorCode } from '../../lib/api-client';
import { refreshMe } from '../../lib/current-user';
import { batchesQueryKey, createCsvBatch, createTemplateBatch } from './api/batches';
import { collectionDraft, draftSummary } from './values-box';
import { previewCsvFile, type CsvPreview } from './csv-preview';

type Source = 'list' | 'csv';

const NOT_ABOUT_VALUES = new Set<string>([
  BATCH_MESSAGES.templateRequired,
  BATCH_MESSAGES.templateNeedsSlot,
  BATCH_MESSAGES.valuesRequired,
]);

/** What the server refused: its message, the credits a 402 said it needs, and a CSV's bad rows. */
interface Refusal {
  message: string;
  rowErrors: BatchRowProblem[];
  needsCredits: boolean;
}

function refusalOf(error: unknown): Refusal {
  if (hasErrorCode(error, 'INSUFFICIENT_CREDITS')) {
    const needed = Number(error.details.needed);
    const message = errorText(error, 'Not enough credits.');
    return {
      message: Number.isFinite(needed) && needed > 0 ? `${message} This collection needs ${needed} credits.` : message,
      rowErrors: [],
      needsCredits: true,
    };
  }
  const rowErrors =
    hasErrorCode(error, 'BAD_REQUEST') && Array.isArray(error.details.rowErrors) ? (error.details.rowErrors as BatchRowProblem[]) : [];
  return { message: errorText(error, 'The collection could not be started. Please try again.'), rowErrors, needsCredits: false };
}

const inputClasses =
  'w-full rounded-xl border border-zinc-300 bg-transparent p-3 text-base placeholder:text-placeholder focus:border-brand-500 aria-[invalid=true]:border-danger dark:border-zinc-700';

function RowErrors({ problems, id }: { problems: readonly BatchRowProblem[]; id?: string }) {
  if (problems.length === 0) return null;
  return (
    <ul id={id} className="max-h-48 space-y-1 overflow-y-auto text-sm text-danger" aria-label="Rows to fix">
      {problems.map((problem, index) => (
        <li key={`${problem.row}-${index}`}>
          Row {problem.row}: {problem.message}
        </li>
      ))}
    </ul>
  );
}

/**
 * The Collection tab: a template with a {value} slot and one value per line, or a CSV file, counted and
 * priced live; Start reserves the credits and opens the batch's page.
 */
export function CollectionForm({ credits }: { credits: number }) {
  const ids = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [source, setSource] = useState<Source>('list');
  const [template, setTemplate] = useState('');
  const [valuesText, setValuesText] = useState('');
  const [dark, setDark] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [reading, setReading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [starting, setStarting] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const draft = collectionDraft(template, valuesText);
  const templateProblem = template.trim() !== '' && !template.includes(BATCH_VALUE_SLOT);
  // under the values box: too many values, a value too long for a prompt (not the empty box a seller is about to fill)
  const valuesProblems = draft.problems.filter((problem) => !NOT_ABOUT_VALUES.has(problem));
  const csvCost = preview && !preview.fileProblem ? preview.total * CREDIT_COSTS.generation : 0;
  const cost = source === 'list' ? draft.cost : csvCost;
  const ready =
    !starting &&
    (source === 'list' ? draft.problems.length === 0 : Boolean(file && preview && !preview.fileProblem && preview.problems.length === 0));

  async function choose(chosen: File | undefined) {
    setRefusal(null);
    if (!chosen) return;
    setFile(chosen);
    setPreview(null);
    setReading(true);
    try {
      setPreview(await previewCsvFile(chosen));
    } finally {
      setReading(false);
    }
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    void choose(event.dataTransfer.files[0]);
  }

  async function start(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    setStarting(true);
    setRefusal(null);
    try {
      const reply =
        source === 'list'
          ? await createTemplateBatch(template, draft.values, { transparent: true, dark })
          : await createCsvBatch(file as File);
      void queryClient.invalidateQueries({ queryKey: batchesQueryKey });
      void refreshMe(queryClient);
      queryClient.setQueryData([...batchesQueryKey, 'one', reply.batch.id], reply);
      void navigate(`/batches/${reply.batch.id}`);
    } catch (error) {
      setRefusal(refusalOf(error));
      setStarting(false);
    }
  }

  const templateHint = `${ids}-template-hint`;
  const summaryId = `${ids}-summary`;
  const valuesProblemId = `${ids}-values-problem`;
  const csvProblemsId = `${ids}-csv-problems`;

  return (
    <form
      onSubmit={start}
      aria-label="Start a collection"
      className="space-y-4 rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-5 dark:border-zinc-800 dark:bg-zinc-900/60"
    >
      <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <legend className="sr-only">Make the collection from</legend>
        {(
          [
            ['list', 'A template and a list of values'],
            ['csv', 'A CSV file, one design per row'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex cursor-pointer items-center gap-2">
            <input
              type="radio"
              name={`${ids}-source`}
              value={value}
              checked={source === value}
              onChange={() => {
                setSource(value);
                setRefusal(null);
              }}
              className="size-4 accent-brand-600"
            />
            {label}
          </label>
        ))}
      </fieldset>

      {source === 'list' ? (
        <>
          <div className="space-y-1.5">
            <label htmlFor={`${ids}-template`} className="text-sm font-semibold">
              Template
            </label>
            <textarea
              id={`${ids}-template`}
              rows={2}
              maxLength={LIMITS.promptMaxChars}
              placeholder={`a proud ${BATCH_VALUE_SLOT} with coffee, "World's Okayest ${BATCH_VALUE_SLOT}"`}
              className={inputClasses}
              value={template}
              aria-invalid={templateProblem}
              aria-describedby={templateHint}
              onChange={(event) => setTemplate(event.target.value)}
            />
            <p id={templateHint} className={cn('text-sm', templateProblem ? 'text-danger' : 'text-muted')}>
              {templateProblem
                ? BATCH_MESSAGES.templateNeedsSlot
                : `Write ${BATCH_VALUE_SLOT} where each value goes; it is filled in once per value.`}
            </p>
          </div>
          <div className="space-y-1.5">
            <label htmlFor={`${ids}-values`} className="text-sm font-semibold">
              Values, one per line
            </label>
            <textarea
              id={`${ids}-values`}
              rows={6}
              placeholder={'Nurse\nTeacher\nFirefighter'}
              className={inputClasses}
              value={valuesText}
              aria-invalid={valuesProblems.length > 0}
              aria-describedby={valuesProblems.length > 0 ? `${summaryId} ${valuesProblemId}` : summaryId}
              onChange={(event) => setValuesText(event.target.value)}
            />
            <p id={summaryId} className="text-sm tabular-nums text-muted" role="status" aria-live="polite">
              {draftSummary(draft)}
            </p>
            <p id={valuesProblemId} className="text-sm text-danger">
              {valuesProblems.join(' ')}
            </p>
          </div>
          <label className="flex cursor-pointer items-center gap-2 text-sm">
            <input type="checkbox" className="size-4 accent-brand-600" checked={dark} onChange={(event) => setDark(event.target.checked)} />
            For dark garments
          </label>
        </>
      ) : (
        <div className="space-y-3">
          <div
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={drop}
            className={cn(
              'flex flex-col items-center gap-2 rounded-xl border-2 border-dashed p-6 text-center text-sm',
              dragging ? 'border-brand-500 bg-brand-50 dark:bg-brand-600/10' : 'border-zinc-300 dark:border-zinc-700',
            )}
          >
            <FileSpreadsheet className="size-6 text-muted" aria-hidden />
            <p>
              Drop a CSV file here, or{' '}
              <button
                type="button"
                className="font-semibold text-accent underline"
                aria-describedby={csvProblemsId}
                onClick={() => fileInput.current?.click()}
              >
                choose a file
              </button>
              .
            </p>
            <p className="text-muted">
              A header row naming the columns: <code>prompt</code> (required), <code>style</code>, <code>garment</code> (light or dark),{' '}
              <code>transparent</code> (yes or no). Up to {LIMITS.batchMaxRows} rows.
            </p>
            <input
              ref={fileInput}
              type="file"
              accept=".csv,text/csv"
              className="hidden"
              aria-label="CSV file"
              aria-describedby={csvProblemsId}
              onChange={(event) => {
                void choose(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </div>
          <div id={csvProblemsId} role="status" aria-live="polite" className="space-y-2">
            {reading && <p className="text-sm text-muted">Reading {file?.name}…</p>}
            {file && preview && (
              <>
                <p className="text-sm">
                  <span className="font-semibold">{file.name}</span>
                  {preview.fileProblem
                    ? ''
                    : `: ${preview.total} ${preview.total === 1 ? 'row' : 'rows'} → ${preview.total * IMAGES_PER_GENERATION} designs, ${csvCost} ${csvCost === 1 ? 'credit' : 'credits'}`}
                  {preview.problems.length > 0 &&
                    `; ${new Set(preview.problems.map((problem) => problem.row)).size} to fix before it can start`}
                </p>
                {preview.fileProblem && <p className="text-sm text-danger">{preview.fileProblem}</p>}
                <RowErrors problems={preview.problems} />
              </>
            )}
          </div>
          {preview && preview.rows.length > 0 && (
            <div className="overflow-x-auto">
              <Table
                caption={`First ${preview.rows.length} of ${preview.total} rows (the header is row 1)`}
                captionClassName="mb-1 text-left text-xs text-muted"
                headClassName="text-xs text-muted"
                rows={preview.rows}
                rowKey={(row) => row.row}
                columns={[
                  { header: 'Row', className: 'py-1 pr-3', cellClassName: 'tabular-nums', cell: (row) => row.row },
                  { header: 'Prompt', className: 'py-1 pr-3', cellClassName: 'max-w-md truncate', cell: (row) => row.prompt || '—' },
                  { header: 'Style', className: 'py-1 pr-3', cell: (row) => row.style || '—' },
                  { header: 'Garment', className: 'py-1 pr-3', cell: (row) => row.garment || 'light' },
                  { header: 'Transparent', className: 'py-1', cell: (row) => row.transparent || 'yes' },
                ]}
              />
            </div>
          )}
        </div>
      )}

      {refusal && (
        <div role="alert" className="space-y-1 rounded-lg border border-danger/40 p-3 text-sm text-danger">
          <p>{refusal.message}</p>
          <RowErrors problems={refusal.rowErrors} />
          {refusal.needsCredits && (
            <Link to="/pricing" className="font-semibold underline">
              See plans and top-ups
            </Link>
          )}
        </div>
      )}

      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">
          {cost > 0 ? `Reserves ${cost} ${cost === 1 ? 'credit' : 'credits'} now; ` : ''}you have {credits}. Failed or cancelled designs are
          refunded.{' '}
          <Link to="/batches" className="font-semibold text-accent underline">
            Your collections
          </Link>
        </p>
        <Button type="submit" disabled={!ready}>
          {starting ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Layers className="size-4" aria-hidden />}
          Start collection
        </Button>
      </div>
    </form>
  );
}
