import { useId } from 'react';
import { MAX_RATING, MIN_RATING } from '../../common/constants.ts';
import { cn } from './cn.ts';
import { Star } from './icons.tsx';

const RATINGS = Array.from({ length: MAX_RATING - MIN_RATING + 1 }, (_, i) => MIN_RATING + i);

/** 1 to 5 stars as a radio group: arrow keys move the rating, like any radio group. */
export function StarRating({
  value,
  onChange,
  legend = 'Rating',
  name: fieldName,
}: {
  value: number;
  onChange: (rating: number) => void;
  legend?: string;
  /** The field's name in a form posted without its code (ADR 013). */
  name?: string;
}) {
  const id = useId();
  const name = fieldName ?? id;
  return (
    <fieldset>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="mt-1.5 flex gap-1">
        {RATINGS.map((rating) => (
          <label
            key={rating}
            // Before the code arrives the browser alone moves the choice: the stars up to the checked
            // one fill by CSS, as they do by state once live.
            className={cn(
              'cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              '[&:has(input:checked)_svg]:fill-amber-400 [&:has(input:checked)_svg]:text-amber-500',
              '[&:has(~label_input:checked)_svg]:fill-amber-400 [&:has(~label_input:checked)_svg]:text-amber-500',
            )}
          >
            <input
              type="radio"
              name={name}
              value={rating}
              checked={value === rating}
              onChange={() => onChange(rating)}
              className="sr-only"
            />
            <Star
              className={cn(
                'h-7 w-7',
                rating <= value ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground',
              )}
            />
            <span className="sr-only">{rating === 1 ? '1 star' : `${rating} stars`}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
