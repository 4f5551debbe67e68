import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Printer } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { exportPresetsQueryOptions } from '../api/export-presets';
import { exportMenuGroups } from './export-menu';

export const EXPORT_FOR_LABEL = 'Export for…';

/** The presets as menu items (name, product, size); rendered only while the menu is open. */
export function ExportPresetItems({ onExport }: { onExport: (presetId: string) => void }) {
  const presets = useQuery(exportPresetsQueryOptions);
  if (presets.isPending) return <DropdownMenuItem disabled>Loading products…</DropdownMenuItem>;
  if (presets.isError)
    return (
      <DropdownMenuItem
        onSelect={(event) => {
          event.preventDefault();
          void presets.refetch();
        }}
      >
        Could not load the products. Retry
      </DropdownMenuItem>
    );
  return exportMenuGroups(presets.data).map((group, index) => (
    <Fragment key={group.product}>
      {index > 0 && <DropdownMenuSeparator />}
      <DropdownMenuLabel>{group.product}</DropdownMenuLabel>
      {group.entries.map((entry) => (
        <DropdownMenuItem key={entry.id} onSelect={() => onExport(entry.id)} data-preset={entry.id}>
          <span className="flex flex-col">
            <span>{entry.name}</span>
            <span className="text-xs text-muted">{entry.size}</span>
          </span>
        </DropdownMenuItem>
      ))}
    </Fragment>
  ));
}

/** "Export for…" inside another menu (the card's more menu). */
export function ExportSubMenu({ onExport }: { onExport: (presetId: string) => void }) {
  return (
    <DropdownMenuSub>
      <DropdownMenuSubTrigger>
        <Printer className="size-4" aria-hidden /> {EXPORT_FOR_LABEL}
        <ChevronRight className="ml-auto size-4" aria-hidden />
      </DropdownMenuSubTrigger>
      <DropdownMenuSubContent>
        <ExportPresetItems onExport={onExport} />
      </DropdownMenuSubContent>
    </DropdownMenuSub>
  );
}

/** "Export for…" as its own button and menu (the lightbox, the selection bar). */
export function ExportMenuButton({
  onExport,
  className,
  children,
  disabled,
  'aria-describedby': describedBy,
}: {
  onExport: (presetId: string) => void;
  className?: string;
  children: ReactNode;
  disabled?: boolean;
  'aria-describedby'?: string;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className={className} disabled={disabled} aria-describedby={describedBy}>
        {children}
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <ExportPresetItems onExport={onExport} />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
