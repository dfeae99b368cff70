/**
 * One overlay at a time (ADR 011). Immersive mode has three overlays: the
 * journey's welcome, the guided tour's card and the custom cursor's hint. Each
 * asks for the floor while it has something to say; the first in ORDER among
 * those asking holds it, and only the holder shows. An overlay that asks
 * before it is ready (the tour, waiting for its delay) still keeps the ones
 * after it waiting, so nothing flashes up in between.
 */
import { useEffect, useSyncExternalStore } from 'react';

export const OVERLAY_ORDER = ['welcome', 'tour', 'cursor-hint'] as const;
export type OverlayId = (typeof OVERLAY_ORDER)[number];

export interface OverlayFloor {
  ask(id: OverlayId): void;
  leave(id: OverlayId): void;
  holder(): OverlayId | null;
  subscribe(listener: () => void): () => void;
}

export function createOverlayFloor(): OverlayFloor {
  const asking = new Set<OverlayId>();
  const listeners = new Set<() => void>();
  let holder: OverlayId | null = null;
  const settle = () => {
    const next = OVERLAY_ORDER.find((id) => asking.has(id)) ?? null;
    if (next === holder) return;
    holder = next;
    for (const listener of listeners) listener();
  };
  return {
    ask(id) {
      asking.add(id);
      settle();
    },
    leave(id) {
      asking.delete(id);
      settle();
    },
    holder: () => holder,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The page's floor, shared by the overlays of the home extras and the cursor's hint. */
export const overlayFloor = createOverlayFloor();

/** Asks for the floor while `asking` is true; returns whether this overlay holds it. */
export function useOverlayFloor(id: OverlayId, asking: boolean): boolean {
  useEffect(() => {
    if (!asking) return;
    overlayFloor.ask(id);
    return () => overlayFloor.leave(id);
  }, [id, asking]);
  const holder = useSyncExternalStore(overlayFloor.subscribe, overlayFloor.holder, () => null);
  return asking && holder === id;
}
