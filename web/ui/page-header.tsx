import type { ReactNode } from 'react';

/** The heading block at the top of an inner page. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-8">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      {children && <div className="mt-3 text-lg text-muted-foreground">{children}</div>}
    </div>
  );
}
