import { useEffect, useRef } from 'react';
import { island } from '../../islands/island.tsx';
import { whenIdle } from '../../lib/idle.ts';
import { usePrefersReducedMotion } from '../../lib/motion.ts';

/**
 * The hero background. Its code loads after the page is interactive (when the
 * browser is idle), so it is not part of the home page's initial JS.
 */
function ParticleBackground() {
  const canvas = useRef<HTMLCanvasElement>(null);
  const reducedMotion = usePrefersReducedMotion();

  useEffect(() => {
    let network: { stop(): void } | undefined;
    let cancelled = false;
    const load = () =>
      import('./particles.ts').then(({ startParticles }) => {
        if (!cancelled && canvas.current) network = startParticles(canvas.current, { reducedMotion });
      });
    const cancelIdle = whenIdle(() => void load(), 2000);
    return () => {
      cancelled = true;
      cancelIdle();
      network?.stop();
    };
  }, [reducedMotion]);

  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
      <canvas ref={canvas} data-testid="particle-canvas" className="h-full w-full text-accent/50" />
    </div>
  );
}

/** Decoration: an island that starts once the browser is idle (ADR 023). */
export const ParticleCanvas = island('particles', ParticleBackground, { start: 'idle' });
export { ParticleBackground };
