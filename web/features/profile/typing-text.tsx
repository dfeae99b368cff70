import { useEffect, useRef } from 'react';
import { island } from '../../islands/island.tsx';
import { animateTyping } from './typing.ts';

/**
 * Types, pauses on, deletes and cycles the phrases (typing.ts, which writes the text: the same
 * code on an island page, where it starts without React). Screen readers get the phrases once as
 * plain text instead of letter-by-letter changes; under reduced motion the first phrase simply
 * stands.
 */
function TypingPhrases({ phrases }: { phrases: readonly string[] }) {
  const shown = useRef<HTMLSpanElement>(null);
  useEffect(() => (shown.current ? animateTyping(shown.current, phrases) : undefined), [phrases]);
  // The server and the first client render show the whole first phrase.
  return (
    <>
      <span ref={shown} aria-hidden="true" data-testid="typing-text">
        {phrases[0] ?? ''}
        <span className="ml-0.5 inline-block w-[2px] animate-pulse bg-primary motion-reduce:hidden">
          &nbsp;
        </span>
      </span>
      <span className="sr-only">{phrases.join(' ')}</span>
    </>
  );
}

/**
 * Decoration: an island that starts once the browser is idle (ADR 023), as the plain function
 * `typingIsland` (no React); the first phrase stands until then.
 */
export const TypingText = island('typing-text', TypingPhrases, { start: 'idle', inline: true });
export { TypingPhrases };
