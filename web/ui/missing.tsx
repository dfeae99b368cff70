import type { ReactNode } from 'react';
import { Link } from './link.tsx';

/** What a page says when the thing it shows is not there (a post, a project): why, and the way back. */
export function Missing({
  title,
  back,
  to,
  children,
}: {
  title: string;
  back: string;
  to: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <div role="alert" className="rounded-lg border border-destructive p-6">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-2 text-muted-foreground">{children}</p>
      </div>
      <Link to={to} className="mt-6 inline-block font-medium text-primary hover:underline">
        {back}
      </Link>
    </div>
  );
}
