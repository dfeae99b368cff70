/** A link that downloads one report of the analytics section as CSV (issue 48, point 6). */
import type { Credit } from '../../../common/channels.ts';
import { csvPath } from './api.ts';

export function CsvLink({
  days,
  report,
  label,
  source,
  credit,
}: {
  days: number;
  report: string;
  /** What it holds, as "Download {label} as CSV" says. */
  label: string;
  source?: string;
  credit?: Credit;
}) {
  return (
    <a
      href={csvPath(days, report, source, credit)}
      download
      className="mt-2 inline-block text-sm font-medium text-primary underline underline-offset-4"
    >
      {`Download ${label} as CSV`}
    </a>
  );
}
