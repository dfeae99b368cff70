import * as Toast from 'radix-ui/toast';
import { cn } from './cn.ts';
import { X } from './icons.tsx';
import { dismissToast, useToasts } from './use-toast.ts';

/**
 * Renders the toast queue with Radix Toast: 5000 ms, swipe right (threshold
 * 50 px), F8 focuses the viewport; the viewport is at most 420 px wide from
 * medium screens up.
 */
export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-md border p-4 pr-8 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full data-[state=closed]:opacity-0 transition-[transform,opacity]',
            item.variant === 'destructive'
              ? 'border-destructive bg-destructive text-destructive-foreground'
              : 'border-border bg-background text-foreground',
          )}
        >
          <div className="grid gap-1">
            {item.title && <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>}
            {item.description && (
              <Toast.Description className="text-sm opacity-90">{item.description}</Toast.Description>
            )}
          </div>
          <Toast.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring"
          >
            <X className="h-4 w-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col md:max-w-[420px]" />
    </Toast.Provider>
  );
}
