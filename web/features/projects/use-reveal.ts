import { useEffect, useRef, useState } from 'react';

/**
 * Reveals an element once 30 percent of it is visible (spec section 9). The
 * server renders it in place (no script, no hidden content); in the browser an
 * element still below the screen rises into place once it scrolls into view. It is never hidden.
 */
export function useReveal<T extends Element>(threshold = 0.3) {
  const ref = useRef<T>(null);
  const [revealed, setRevealed] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (element.getBoundingClientRect().top < window.innerHeight) return;
    setRevealed(false);
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) {
          setRevealed(true);
          observer.disconnect();
        }
      },
      { threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [threshold]);
  return { ref, revealed };
}
