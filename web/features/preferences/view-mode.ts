/**
 * Standard or Immersive view (key 'isImmersiveMode'; immersive when nothing is
 * stored). The immersive extras read `useImmersiveMode()`.
 */
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../../common/constants.ts';

const listeners = new Set<() => void>();

function readImmersive(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.immersive) !== 'false';
  } catch {
    return true;
  }
}

export function setImmersiveMode(immersive: boolean) {
  try {
    localStorage.setItem(STORAGE_KEYS.immersive, String(immersive));
  } catch {
    // Without storage the choice lasts for this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function useImmersiveMode(): boolean {
  return useSyncExternalStore(subscribe, readImmersive, () => true);
}
