/**
 * The static copy of the site (spec section 1): no server behind it, so every
 * feature that writes or needs an account says so and offers the owner's email
 * instead (whether this is the copy: static-copy.ts).
 */

import { useSiteInfo } from '../../lib/site.ts';
import { cn } from '../../ui/cn.ts';
import { ServerOff } from '../../ui/icons.tsx';

/** Says that `feature` needs the live site, and how to reach the owner instead. */
export function StaticNotice({ feature, className }: { feature: string; className?: string }) {
  const site = useSiteInfo();
  return (
    <div role="note" className={cn('rounded-lg border border-border bg-muted/40 p-6 text-center', className)}>
      <ServerOff className="mx-auto h-8 w-8 text-muted-foreground" />
      <p className="mt-3 font-semibold">{feature} is not available on this copy of the site.</p>
      <p className="mt-1 text-sm text-muted-foreground">
        This copy has no server behind it. Email me instead at{' '}
        <a
          href={`mailto:${site.email}`}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {site.email}
        </a>
        .
      </p>
    </div>
  );
}
