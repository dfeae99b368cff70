/**
 * The free slots in the visitor's own time zone: a day, then a time. Both are native radio groups
 * (arrow keys, screen readers), drawn as pills that wrap on a phone. Every day's times are in the
 * page; a small style rule per day shows the checked day's times, so choosing a day works before
 * the page's code arrives (or without it) as it does after. The time's field is `start`.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { cn } from '../../ui/cn.ts';
import { clock, dayId, shortDay } from './api.ts';

const pill =
  'cursor-pointer rounded-md border border-border bg-background px-3 py-2 text-sm font-medium tabular-nums transition-colors hover:bg-muted has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring';

export function SlotPicker({
  slots,
  timeZone,
  value,
  onChange,
}: {
  slots: string[];
  timeZone: string;
  value: string | null;
  onChange: (start: string | null) => void;
}) {
  const id = useId();
  const days = useMemo(() => {
    const byDay = new Map<string, string[]>();
    for (const slot of slots) {
      const day = dayId(slot, timeZone);
      byDay.set(day, [...(byDay.get(day) ?? []), slot]);
    }
    return [...byDay.entries()];
  }, [slots, timeZone]);
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  // A day chosen before the page's code arrived (the browser checked its radio) is kept: taken over
  // once the page is live (the first render must be the server's HTML as it was).
  useEffect(() => {
    const checked = document.querySelector<HTMLInputElement>(
      `#${CSS.escape(id)} input[name="${id}-day"]:checked`,
    );
    if (checked?.value) setChosenDay(checked.value);
  }, [id]);
  const hydrated = useHydrated();
  // A time that is not one of the free ones (taken since, or a refused post's garbled field) is no choice.
  const chosen = value && slots.includes(value) ? value : null;
  const day = chosenDay ?? (chosen ? dayId(chosen, timeZone) : (days[0]?.[0] ?? null));
  // One rule per day: the times of the day whose radio is checked show, the others do not.
  const rules = days
    .map((_, index) => `#${id}:has(#${id}-d${index}:checked) #${id}-t${index}{display:grid}`)
    .join('');
  return (
    <div id={id} className="space-y-5">
      <style>{`#${id} [data-times]{display:none}${rules}`}</style>
      <fieldset>
        <legend className="text-sm font-medium">Day</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {days.map(([dayKey, daySlots], index) => (
            <label key={dayKey} className={pill}>
              <input
                id={`${id}-d${index}`}
                type="radio"
                name={`${id}-day`}
                value={dayKey}
                checked={dayKey === day}
                onChange={() => {
                  setChosenDay(dayKey);
                  onChange(null);
                }}
                className="sr-only"
              />
              {shortDay(daySlots[0] as string, timeZone)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium">Time</legend>
        {days.map(([dayKey, daySlots], index) =>
          // Once live, only the chosen day's times are in the page (the rule above shows them).
          hydrated && dayKey !== day ? null : (
            <div
              key={dayKey}
              id={`${id}-t${index}`}
              data-times=""
              className="mt-2 grid-cols-3 gap-2 sm:grid-cols-5"
            >
              {daySlots.map((slot) => (
                <label key={slot} className={cn(pill, 'text-center')}>
                  <input
                    type="radio"
                    name="start"
                    value={slot}
                    checked={slot === value}
                    onChange={() => onChange(slot)}
                    className="sr-only"
                  />
                  {clock(slot, timeZone)}
                </label>
              ))}
            </div>
          ),
        )}
      </fieldset>
    </div>
  );
}
