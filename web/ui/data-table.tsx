/**
 * The dashboard's tables: a caption for screen readers, column headers, a row per item, and
 * optionally the first cell as the row's header. One markup for every table of the dashboard.
 */
import type { ReactNode } from 'react';
import { cn } from './cn.ts';

export interface Column<T> {
  header: ReactNode;
  /** A stable name for React's keys (the header when it is text). */
  key: string;
  cell: (row: T) => ReactNode;
  /** Figures: right-aligned, digits of equal width. */
  numeric?: boolean;
  /** This column's cells name their row (`<th scope="row">`). */
  rowHeader?: boolean;
  /** The text shown on hover over a cell (e.g. a label cut short). */
  title?: (row: T) => string;
  className?: string;
}

export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  compact = false,
  showCaption = false,
  empty,
  className,
}: {
  caption: string;
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Tighter rows, for lists of figures. */
  compact?: boolean;
  /** The caption shown above the table, not only told to screen readers. */
  showCaption?: boolean;
  /** A row saying so when there are no rows. */
  empty?: string;
  className?: string;
}) {
  const last = columns.length - 1;
  const cellClass = (column: Column<T>, index: number) =>
    cn(index < last && 'pr-4', column.numeric && 'text-right tabular-nums', column.className);
  return (
    <table className={cn('w-full text-left text-sm', className)}>
      <caption className={showCaption ? 'mb-2 text-left font-semibold' : 'sr-only'}>{caption}</caption>
      <thead className="border-b border-border text-muted-foreground">
        <tr>
          {columns.map((column, index) => (
            <th
              key={column.key}
              scope="col"
              className={cn('py-2 font-medium', index < last && 'pr-4', column.numeric && 'text-right')}
            >
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={cn('divide-y divide-border', !compact && 'align-top')}>
        {rows.length === 0 && empty && (
          <tr>
            <td colSpan={columns.length} className="py-3 text-muted-foreground">
              {empty}
            </td>
          </tr>
        )}
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column, index) => {
              const props = {
                className: cn(compact ? 'py-2' : 'py-3', cellClass(column, index)),
                title: column.title?.(row),
              };
              return column.rowHeader ? (
                <th key={column.key} scope="row" {...props}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={column.key} {...props}>
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

/** The first column of a table of labelled figures: the label names its row (cut short, in full on hover). */
export function labelColumn<T extends { label: string }>(
  header: ReactNode,
  extra: Partial<Column<T>> = {},
): Column<T> {
  return { key: 'label', header, rowHeader: true, cell: (row) => row.label, ...extra };
}
