import { useEffect, useRef } from 'react';
import { island } from '../../islands/island.tsx';
import { startParticleBackground } from './particle-start.ts';

/**
 * The hero background. Its drawing's code loads after the page is interactive (when the browser
 * is idle), so it is not part of the home page's initial JS.
 */
function ParticleBackground() {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => (canvas.current ? startParticleBackground(canvas.current) : undefined), []);
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
      <canvas ref={canvas} data-testid="particle-canvas" className="h-full w-full text-accent/50" />
    </div>
  );
}

/**
 * Decoration: an island that starts once the browser is idle (ADR 023), as the plain function
 * `particlesIsland` (no React).
 */
export const ParticleCanvas = island('particles', ParticleBackground, { start: 'idle' });
export { ParticleBackground };
