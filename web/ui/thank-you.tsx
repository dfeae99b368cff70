/**
 * The panel a form turns into once it is sent: a check mark, a heading that takes the focus (so
 * a screen reader says it at once), the words under it, and whatever comes next.
 */
import { type ReactNode, useEffect, useRef } from 'react';
import { cn } from './cn.ts';
import { CheckCircle2 } from './icons.tsx';

export function ThankYou({
  id,
  title = 'Thank You!',
  level = 'h2',
  text,
  className,
  children,
}: {
  /** Where a success sent without scripts scrolls to (`useRouteForm`'s `doneId`). */
  id?: string;
  title?: string;
  /** The heading's level where the form was (an h3 under a section's h2). */
  level?: 'h2' | 'h3';
  text: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const Heading = level;
  return (
    <div
      id={id}
      // What the tour asks: a section whose form was just sent needs no invitation to send it.
      data-thank-you=""
      className={cn(
        'flex flex-col items-center rounded-lg border border-border bg-card p-8 text-center',
        className,
      )}
    >
      <CheckCircle2 className="h-12 w-12 text-primary" />
      <Heading ref={heading} tabIndex={-1} className="mt-4 text-2xl font-bold outline-none">
        {title}
      </Heading>
      <p className="mt-2 text-muted-foreground">{text}</p>
      {children}
    </div>
  );
}
