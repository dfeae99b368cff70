import type { IslandBehaviour } from '../../islands/markers.ts';
import { followReducedMotion } from '../../lib/reduced-motion.ts';

/** Typing animation timings (spec section 9). */
export const TYPING_MS = 50;
export const DELETING_MS = 20;
export const PAUSE_MS = 3000;

export interface TypingState {
  phrase: number;
  length: number;
  deleting: boolean;
}

/**
 * One step of the loop type, pause, delete, next phrase: the next state and
 * how long to wait before it.
 */
export function nextTypingStep(
  state: TypingState,
  phrases: readonly string[],
): { state: TypingState; delay: number } {
  const text = phrases[state.phrase] ?? '';
  if (!state.deleting) {
    if (state.length < text.length)
      return { state: { ...state, length: state.length + 1 }, delay: TYPING_MS };
    return { state: { ...state, deleting: true }, delay: PAUSE_MS };
  }
  if (state.length > 0) return { state: { ...state, length: state.length - 1 }, delay: DELETING_MS };
  return {
    state: { phrase: (state.phrase + 1) % phrases.length, length: 0, deleting: false },
    delay: TYPING_MS,
  };
}

/**
 * Types, pauses on, deletes and cycles the phrases in `shown`'s text (its first text node: the
 * server's HTML holds the whole first phrase, where the loop starts). Returns the function that
 * stops it, leaving the first phrase standing.
 */
export function typePhrases(shown: Element, phrases: readonly string[]): () => void {
  const first = phrases[0] ?? '';
  if (phrases.length === 0) return () => {};
  const text =
    shown.firstChild instanceof Text ? shown.firstChild : shown.insertBefore(new Text(''), shown.firstChild);
  let state: TypingState = { phrase: 0, length: first.length, deleting: false };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const next = () => {
    const step = nextTypingStep(state, phrases);
    timer = setTimeout(() => {
      state = step.state;
      text.data = (phrases[state.phrase] ?? '').slice(0, state.length);
      next();
    }, step.delay);
  };
  next();
  return () => {
    clearTimeout(timer);
    text.data = first;
  };
}

/** The typing line: under reduced motion the first phrase simply stands. Returns the function that stops it. */
export const animateTyping = (shown: Element, phrases: readonly string[]) =>
  followReducedMotion((reduced) => (reduced ? () => {} : typePhrases(shown, phrases)));

/** The typing line's island (typing-text.tsx): the phrase is its marker's first element. */
export const typingIsland: IslandBehaviour<{ phrases: readonly string[] }> = (marker, { phrases }) => {
  const shown = marker.firstElementChild;
  if (shown) animateTyping(shown, phrases);
};
