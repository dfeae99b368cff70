import { island } from '../../islands/island.tsx';
import { cn } from '../../ui/cn.ts';
import { setImmersiveMode, useImmersiveMode } from './view-mode.ts';

/** The header's Standard / Immersive switch. */
function ViewModeButtons({ className }: { className?: string }) {
  const immersive = useImmersiveMode();
  const option = (label: string, value: boolean) => (
    <button
      type="button"
      aria-pressed={immersive === value}
      onClick={() => setImmersiveMode(value)}
      className={cn(
        'rounded px-2.5 py-1 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring',
        immersive === value
          ? 'bg-primary text-primary-foreground'
          : 'text-muted-foreground hover:text-foreground',
      )}
    >
      {label}
    </button>
  );
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of two toggle buttons, not a fieldset of inputs
    <div
      role="group"
      aria-label="View mode"
      className={cn('inline-flex rounded-md border border-border p-0.5', className)}
    >
      {option('Standard', false)}
      {option('Immersive', true)}
    </div>
  );
}

/**
 * The switch is an island (ADR 023) that needs no React Router: a phone, where it sits in the
 * closed menu, fetches its code once it is opened.
 */
export const ViewModeSwitch = island('view-mode', ViewModeButtons, { router: false });
export { ViewModeButtons };
