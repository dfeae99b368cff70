import { MAX_RATING, MIN_RATING } from '../../common/constants.ts';
import { cn } from './cn.ts';
import { Star } from './icons.tsx';

const RATINGS = Array.from({ length: MAX_RATING - MIN_RATING + 1 }, (_, i) => MIN_RATING + i);

/** A read-only rating: the recent endorsements, a client's testimonial. */
export function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`${rating} out of ${MAX_RATING} stars`} className="inline-flex">
      {RATINGS.map((n) => (
        <Star
          key={n}
          className={cn(
            'h-3.5 w-3.5',
            n <= rating ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground',
          )}
        />
      ))}
    </span>
  );
}
