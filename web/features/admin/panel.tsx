/** A section of the dashboard: its heading, a line on what it is, anything to do beside them, then its body. */
import type { ReactNode } from 'react';

export function Panel({
  headingId,
  title,
  description,
  actions,
  small = false,
  children,
}: {
  /** The heading's id, which names the section. */
  headingId: string;
  title: ReactNode;
  description?: ReactNode;
  /** Filters or a button, beside the heading (below it on a phone). */
  actions?: ReactNode;
  /** A report inside a page (a smaller heading). */
  small?: boolean;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-border bg-card p-4 sm:p-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h2 id={headingId} className={small ? 'text-xl font-bold' : 'text-2xl font-bold'}>
            {title}
          </h2>
          {description && <p className="mt-1 max-w-prose text-sm text-muted-foreground">{description}</p>}
        </div>
        {actions && <div className="flex min-w-0 max-w-full flex-wrap items-end gap-3">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

const TONES = {
  /** Waiting, a draft, cancelled: nothing to do. */
  quiet: 'border-border bg-muted',
  /** Needs the owner's eye: submitted, scheduled. */
  notice: 'border-primary bg-primary/10',
  /** Done well: sent, approved, published, booked. */
  good: 'border-accent bg-accent/10',
  /** Went wrong: failed. */
  bad: 'border-destructive text-destructive',
} as const;

/** An entry's state, as a small pill beside it. */
export function StatusBadge({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return (
    <span className={`rounded-full border px-2 py-0.5 text-xs font-medium ${TONES[tone]}`}>{children}</span>
  );
}

/**
 * One entry of a dashboard list (a call, a testimonial, a subscriber, an email, a sent issue): its
 * heading and the lines under it, its state's badge beside them (below them on a phone), then the rest.
 */
export function EntryCard({
  id,
  label,
  heading,
  lines,
  badge,
  wide = false,
  children,
}: {
  /** The entry's anchor (`#call-12`), for a link back to it. */
  id?: string;
  /** Its name among the list's articles. */
  label: string;
  heading: ReactNode;
  lines: ReactNode;
  badge: ReactNode;
  /** The heading's block takes the row (the badge goes below it sooner on a phone). */
  wide?: boolean;
  children?: ReactNode;
}) {
  return (
    <article
      id={id}
      aria-label={label}
      className={`${id ? 'scroll-mt-4 ' : ''}rounded-md border border-border p-4 text-sm`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className={wide ? 'min-w-0 flex-1 basis-64' : 'min-w-0'}>
          <h3 className="font-semibold break-words">{heading}</h3>
          {lines}
        </div>
        {badge}
      </div>
      {children}
    </article>
  );
}

/** One figure of a panel's row of them (a `<dl>`): its name, the figure, and a line under it. */
export function Figure({
  label,
  value,
  note,
  alarm = false,
}: {
  label: ReactNode;
  value: ReactNode;
  note?: ReactNode;
  /** Drawn in the destructive colour (replies overdue). */
  alarm?: boolean;
}) {
  return (
    <div className={`rounded-md border p-3 ${alarm ? 'border-destructive' : 'border-border'}`}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-3xl font-bold tabular-nums">{value}</dd>
      {note === undefined ? null : (
        <dd className={alarm ? 'text-sm font-medium text-destructive' : 'mt-1 text-xs text-muted-foreground'}>
          {note}
        </dd>
      )}
    </div>
  );
}
