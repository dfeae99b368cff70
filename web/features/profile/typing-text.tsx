import { useEffect, useState } from 'react';
import { island } from '../../islands/island.tsx';
import { usePrefersReducedMotion } from '../../lib/motion.ts';
import { nextTypingStep, type TypingState } from './typing.ts';

/**
 * Types, pauses on, deletes and cycles the phrases. Screen readers get the
 * phrases once as plain text instead of letter-by-letter changes; under
 * reduced motion the first phrase simply stands.
 */
function TypingPhrases({ phrases }: { phrases: readonly string[] }) {
  const reducedMotion = usePrefersReducedMotion();
  // The server and the first client render show the whole first phrase.
  const [state, setState] = useState<TypingState>({
    phrase: 0,
    length: phrases[0]?.length ?? 0,
    deleting: false,
  });

  useEffect(() => {
    if (reducedMotion || phrases.length === 0) return;
    const step = nextTypingStep(state, phrases);
    const timer = setTimeout(() => setState(step.state), step.delay);
    return () => clearTimeout(timer);
  }, [state, phrases, reducedMotion]);

  const shown = reducedMotion ? (phrases[0] ?? '') : (phrases[state.phrase] ?? '').slice(0, state.length);
  return (
    <>
      <span aria-hidden="true" data-testid="typing-text">
        {shown}
        <span className="ml-0.5 inline-block w-[2px] animate-pulse bg-primary motion-reduce:hidden">
          &nbsp;
        </span>
      </span>
      <span className="sr-only">{phrases.join(' ')}</span>
    </>
  );
}

/** Decoration: an island that starts once the browser is idle (ADR 023); the first phrase stands until then. */
export const TypingText = island('typing-text', TypingPhrases, { start: 'idle', inline: true });
export { TypingPhrases };
