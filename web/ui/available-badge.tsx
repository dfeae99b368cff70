/** The home page's 'Available for new projects' badge, set by the owner (GET /api/booking/status). */
import type { BookingStatus } from '../../common/schemas/booking.ts';
import { longDate } from '../lib/dates.ts';
import { cn } from './cn.ts';

export function AvailableBadge({ status, className }: { status: BookingStatus | null; className?: string }) {
  if (!status?.availableFrom) return null;
  return (
    <p
      className={cn(
        'inline-flex items-center gap-2 rounded-full border border-accent/60 bg-accent/10 px-3 py-1 text-sm font-medium',
        className,
      )}
    >
      <span aria-hidden="true" className="h-2 w-2 rounded-full bg-accent" />
      {status.availableNow
        ? 'Available for new projects now'
        : `Available for new projects from ${longDate(`${status.availableFrom}T12:00:00Z`)}`}
    </p>
  );
}
