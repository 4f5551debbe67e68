import type { Key, ReactNode } from 'react';
import { cn } from './cn';

export interface TableColumn<Row> {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Classes of the column's header and cells alike (padding, alignment). */
  className?: string;
  headerClassName?: string;
  cellClassName?: string | ((row: Row) => string);
  /** The column names its row: its cells are row headers (`<th scope="row">`). */
  rowHeader?: boolean;
}

export interface TableProps<Row> {
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => Key;
  /** Every data table says what it holds; `captionClassName` shows it (sr-only by default). */
  caption?: ReactNode;
  captionClassName?: string;
  className?: string;
  headClassName?: string;
  rowClassName?: string;
}

/** A plain data table: a header row of column names, then one row per item, each cell from its column. */
export function Table<Row>({
  columns,
  rows,
  rowKey,
  caption,
  captionClassName = 'sr-only',
  className,
  headClassName,
  rowClassName = 'border-t border-zinc-200 dark:border-zinc-800',
}: TableProps<Row>) {
  return (
    <table className={cn('w-full text-left text-sm', className)}>
      {caption !== undefined && <caption className={captionClassName}>{caption}</caption>}
      <thead className={headClassName}>
        <tr>
          {columns.map((column, index) => (
            <th key={index} scope="col" className={cn(column.className, column.headerClassName)}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, rowIndex) => (
          <tr key={rowKey(row, rowIndex)} className={rowClassName}>
            {columns.map((column, index) => {
              const cellClass = cn(
                column.className,
                typeof column.cellClassName === 'function' ? column.cellClassName(row) : column.cellClassName,
              );
              return column.rowHeader ? (
                <th key={index} scope="row" className={cellClass}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={index} className={cellClass}>
                  {column.cell(row)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
