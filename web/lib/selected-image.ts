/**
 * The generated image picked with 'Use This Image', kept in this browser so
 * the admin post editor can offer it as a cover image. Changes in another tab
 * arrive through the storage event.
 */
import { useSyncExternalStore } from 'react';

const KEY = 'portfolio-selected-image';
const CHANGE = 'portfolio-selected-image-change';

export interface SelectedImage {
  url: string;
  prompt: string;
  timestamp: number;
}

function parse(raw: string | null): SelectedImage | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<SelectedImage>;
    // Only images this site stored: a tampered value never becomes a cover address.
    if (typeof value.url !== 'string' || !/^\/uploads\/[\w.-]+$/.test(value.url)) return null;
    return { url: value.url, prompt: String(value.prompt ?? ''), timestamp: Number(value.timestamp ?? 0) };
  } catch {
    return null;
  }
}

function read(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function selectImage(image: SelectedImage): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(image));
  } catch {
    // Storage refused (private mode, quota): the selection lasts for this page only.
  }
  window.dispatchEvent(new Event(CHANGE));
}

function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGE, listener);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGE, listener);
  };
}

/** The selected image, or null (always null while rendering on the server). */
export function useSelectedImage(): SelectedImage | null {
  const raw = useSyncExternalStore(subscribe, read, () => null);
  return parse(raw);
}
