import { cloneElement, type ReactElement, type ReactNode, useEffect, useId, useRef, useState } from 'react';

/** The spec's timings: a tooltip opens after 700 ms, at once within 300 ms of another closing. */
const DELAY_MS = 700;
const SKIP_DELAY_MS = 300;
let lastClosedAt = 0;

/**
 * Kept for the places that wrap a group of tooltips; the timings are shared by every tooltip.
 * (A tooltip is a few lines of its own, not Radix's with Floating UI: the home page carries it in
 * its first seconds, ADR 017's budget.)
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return children;
}

/**
 * A short description of its trigger (one focusable element): shown above it, right-aligned, on
 * hover after the delay, at once on keyboard focus or a tap; Escape, leaving or blurring hides it.
 * The trigger is described by it while it shows (`aria-describedby`).
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = (wait: number) => {
    clearTimeout(timer.current);
    const delay = Date.now() - lastClosedAt < SKIP_DELAY_MS ? 0 : wait;
    timer.current = setTimeout(() => setOpen(true), delay);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen((was) => {
      if (was) lastClosedAt = Date.now();
      return false;
    });
  };
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  type TriggerProps = {
    'aria-describedby'?: string;
    onPointerEnter?: (event: PointerEvent) => void;
    onPointerLeave?: (event: PointerEvent) => void;
    onPointerUp?: (event: PointerEvent) => void;
    onFocus?: (event: FocusEvent) => void;
    onBlur?: () => void;
  };
  return (
    <span className="relative inline-flex">
      {cloneElement(children as ReactElement<TriggerProps>, {
        'aria-describedby': open ? id : undefined,
        onPointerEnter: (event) => {
          if (event.pointerType === 'mouse') show(DELAY_MS);
        },
        onPointerLeave: (event) => {
          if (event.pointerType === 'mouse') hide();
        },
        // A tap shows it (and a second tap hides it): touch has no hover.
        onPointerUp: (event) => {
          if (event.pointerType !== 'mouse') (open ? hide : () => show(0))();
        },
        onFocus: (event) => {
          if ((event.target as Element).matches(':focus-visible')) show(0);
        },
        onBlur: hide,
      })}
      {open && (
        <span
          role="tooltip"
          id={id}
          className="pointer-events-none absolute right-0 bottom-full z-50 mb-1 w-max max-w-[16rem] rounded-md bg-foreground px-3 py-1.5 text-xs text-background shadow-md"
        >
          {content}
        </span>
      )}
    </span>
  );
}
