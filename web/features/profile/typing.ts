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
