/**
 * The toast queue of the spec (shadcn's): one toast visible at a time; a
 * dismissed toast is removed from the queue 1,000,000 ms later (the Radix
 * component animates it out long before). Any module may call `toast()`.
 */
import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';
import { errorMessage } from '../lib/request.ts';

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastItem {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  open: boolean;
}

export type ToastInput = Omit<ToastItem, 'id' | 'open'>;

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id?: string) {
  for (const item of toasts) {
    if ((id === undefined || item.id === id) && !removeTimers.has(item.id)) {
      removeTimers.set(
        item.id,
        setTimeout(() => {
          removeTimers.delete(item.id);
          emit(toasts.filter((t) => t.id !== item.id));
        }, TOAST_REMOVE_DELAY),
      );
    }
  }
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

/** Shows a toast (replacing the visible one) and returns its id. */
export function toast(input: ToastInput): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

/** The queue as it is now (newest first). */
export function getToasts(): readonly ToastItem[] {
  return toasts;
}

/** Calls `listener` whenever the queue changes; returns the unsubscribe. */
export function subscribeToasts(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const noToasts: ToastItem[] = [];

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribeToasts, getToasts as () => ToastItem[], () => noToasts);
}

/**
 * A failed call's toast, as an `onError` handler: `title`, and the server's own words when it
 * sent any, else `fallback`.
 */
export const failureToast =
  (title: string, fallback?: string) =>
  (failure: unknown): void =>
    void toast({ title, description: errorMessage(failure) ?? fallback, variant: 'destructive' });
