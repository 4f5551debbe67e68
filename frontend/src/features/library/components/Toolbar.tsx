import { Download, FileText, LayoutGrid, List, Printer, Search, Star, Store, Trash2, X } from 'lucide-react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import type { CardLayout } from './AssetCard';
import { EXPORT_FOR_LABEL, ExportMenuButton } from './ExportMenu';

/** The library's publication filter: every design, those with a Printify draft, those published. */
export type PublicationFilter = 'all' | 'draft' | 'published';
const PUBLICATION_FILTER_LABELS: Record<PublicationFilter, string> = {
  all: 'All designs',
  draft: 'Has a draft',
  published: 'Published',
};

export interface ToolbarProps {
  starredOnly: boolean;
  onStarredOnly: (value: boolean) => void;
  /** Shown when given: filter by Printify drafts and published products. */
  publication?: PublicationFilter;
  onPublication?: (value: PublicationFilter) => void;
  layout: CardLayout;
  onLayout: (layout: CardLayout) => void;
  search: string;
  onSearch: (value: string) => void;
  selectedCount: number;
  /** What the selection is, when more than a count says it (e.g. every design of a collection). */
  selectionNote?: string;
  /** Why the bulk actions cannot run on this selection (still loading, over the bulk limit). */
  actionsDisabledReason?: string;
  onStarSelected: () => void;
  onDownloadSelected: () => void;
  onExportSelected: (presetId: string) => void;
  onPrepareListingSelected: () => void;
  onDeleteSelected: () => void;
  /** Printify drafts of the selection (issue 30). */
  onCreateDraftsSelected?: () => void;
  onClearSelection: () => void;
}

export function Toolbar(props: ToolbarProps) {
  const blocked = Boolean(props.actionsDisabledReason);
  const reasonId = blocked ? 'selection-actions-reason' : undefined;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant={props.starredOnly ? 'primary' : 'outline'}
        aria-pressed={props.starredOnly}
        onClick={() => props.onStarredOnly(!props.starredOnly)}
      >
        <Star className={cn('size-4', props.starredOnly && 'fill-current')} aria-hidden /> Starred Only
      </Button>
      {props.onPublication && (
        <select
          aria-label="Printify filter"
          value={props.publication ?? 'all'}
          onChange={(event) => props.onPublication?.(event.target.value as PublicationFilter)}
          className="h-10 rounded-lg border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
        >
          {(Object.keys(PUBLICATION_FILTER_LABELS) as PublicationFilter[]).map((value) => (
            <option key={value} value={value}>
              {PUBLICATION_FILTER_LABELS[value]}
            </option>
          ))}
        </select>
      )}
      <div className="inline-flex rounded-lg border border-zinc-300 p-0.5 dark:border-zinc-700" role="group" aria-label="Layout">
        {(['grid', 'list'] as const).map((layout) => (
          <button
            key={layout}
            type="button"
            aria-label={layout === 'grid' ? 'Grid view' : 'List view'}
            aria-pressed={props.layout === layout}
            onClick={() => props.onLayout(layout)}
            className={cn(
              'rounded-md p-1.5',
              props.layout === layout ? 'bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900' : 'text-muted',
            )}
          >
            {layout === 'grid' ? <LayoutGrid className="size-4" aria-hidden /> : <List className="size-4" aria-hidden />}
          </button>
        ))}
      </div>
      <div className="relative min-w-48 flex-1">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted" aria-hidden />
        <input
          type="search"
          aria-label="Search prompts"
          placeholder="Search prompts..."
          className="w-full rounded-lg border border-zinc-300 bg-transparent py-2 pl-9 pr-3 text-sm placeholder:text-placeholder dark:border-zinc-700"
          value={props.search}
          onChange={(event) => props.onSearch(event.target.value)}
        />
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {props.selectedCount > 0 ? `${props.selectedCount} ${props.selectedCount === 1 ? 'image' : 'images'} selected` : ''}
      </p>
      {props.selectedCount > 0 && (
        <div
          className="flex w-full flex-wrap items-center gap-2 rounded-lg bg-brand-50 px-3 py-1.5 text-sm sm:w-auto dark:bg-brand-600/10"
          role="group"
          aria-label="Selected images"
        >
          <span className="font-semibold">{props.selectedCount} selected</span>
          {props.selectionNote && <span className="text-muted">{props.selectionNote}</span>}
          <Button size="sm" variant="ghost" onClick={props.onStarSelected} disabled={blocked} aria-describedby={reasonId}>
            <Star className="size-4" aria-hidden /> Star
          </Button>
          <Button size="sm" variant="ghost" onClick={props.onDownloadSelected} disabled={blocked} aria-describedby={reasonId}>
            <Download className="size-4" aria-hidden /> Download
          </Button>
          <Button size="sm" variant="ghost" onClick={props.onPrepareListingSelected}>
            <FileText className="size-4" aria-hidden /> Prepare listing…
          </Button>
          <ExportMenuButton
            onExport={props.onExportSelected}
            className={buttonClasses('ghost', 'sm')}
            disabled={blocked}
            aria-describedby={reasonId}
          >
            <Printer className="size-4" aria-hidden /> {EXPORT_FOR_LABEL}
          </ExportMenuButton>
          {props.onCreateDraftsSelected && (
            <Button size="sm" variant="ghost" onClick={props.onCreateDraftsSelected} disabled={blocked} aria-describedby={reasonId}>
              <Store className="size-4" aria-hidden /> Create Printify drafts
            </Button>
          )}
          <Button
            size="sm"
            variant="ghost"
            className="text-danger"
            onClick={props.onDeleteSelected}
            disabled={blocked}
            aria-describedby={reasonId}
          >
            <Trash2 className="size-4" aria-hidden /> Delete
          </Button>
          {blocked && (
            <span id="selection-actions-reason" className="text-muted">
              {props.actionsDisabledReason}
            </span>
          )}
          <button
            type="button"
            aria-label="Clear selection"
            onClick={props.onClearSelection}
            className="rounded p-1 text-muted hover:bg-zinc-200 dark:hover:bg-zinc-800"
          >
            <X className="size-4" aria-hidden />
          </button>
        </div>
      )}
    </div>
  );
}
