/**
 * The editor keeps unsaved work in the browser: every change to a post that differs from what
 * the server holds is written to localStorage (a moment after typing stops), per post ('new'
 * for a post not yet created). Coming back (a reload, a crash, a closed tab) finds it and offers
 * to restore it; a successful save or Discard forgets it. Blocked storage only loses this
 * safety net, never the editor.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

const PREFIX = 'portfolio:post-editor:';
const WRITE_DELAY_MS = 400;

export interface StoredWork<T> {
  values: T;
  savedAt: string;
}

const keyOf = (postId: number | null) => `${PREFIX}${postId ?? 'new'}`;

function read<T>(key: string): StoredWork<T> | null {
  try {
    const text = globalThis.localStorage?.getItem(key);
    return text ? (JSON.parse(text) as StoredWork<T>) : null;
  } catch {
    return null;
  }
}

function write(key: string, work: StoredWork<unknown> | null) {
  try {
    if (work) globalThis.localStorage?.setItem(key, JSON.stringify(work));
    else globalThis.localStorage?.removeItem(key);
  } catch {
    // Storage full or blocked: the editor works on without its safety net.
  }
}

/** Forgets the unsaved work kept for a post ('new' for `null`): it was just saved. */
export function forgetEditorWork(postId: number | null) {
  write(keyOf(postId), null);
}

/**
 * `values`: the form as it is now; `dirty`: whether it differs from the saved post. Returns the
 * work found from an earlier visit (until restored or discarded) and `forget` for after a save.
 */
export function useEditorAutosave<T>(postId: number | null, values: T, dirty: boolean) {
  const key = keyOf(postId);
  const [found, setFound] = useState<StoredWork<T> | null>(null);

  // What an earlier visit left, looked for when the editor opens a post.
  useEffect(() => {
    setFound(read<T>(key));
  }, [key]);

  const serialised = JSON.stringify(values);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    // Nothing to keep until the owner changes something; never over work not yet restored.
    if (!dirty || found) return;
    const timer = setTimeout(
      () => write(key, { values: JSON.parse(serialised) as T, savedAt: new Date().toISOString() }),
      WRITE_DELAY_MS,
    );
    pending.current = timer;
    return () => clearTimeout(timer);
  }, [key, serialised, dirty, found]);

  const forget = useCallback(() => {
    // A write still waiting (a save within a moment of the last keystroke) would bring back
    // what was just saved.
    clearTimeout(pending.current);
    write(key, null);
    setFound(null);
  }, [key]);
  /** The found work is taken back into the form: it is kept again as the owner goes on. */
  const restored = useCallback(() => setFound(null), []);

  return { found, forget, restored, forgetKey: (id: number | null) => write(keyOf(id), null) };
}
