/**
 * Starts the hero's particle network on its canvas: the drawing's code (particles.ts) is fetched
 * when the browser is idle, and started again whenever the visitor's wish for less motion changes
 * (a still picture then). The same code for the component (particle-canvas.tsx) and for the island,
 * which starts without React.
 */
import type { IslandBehaviour } from '../../islands/markers.ts';
import { whenIdle } from '../../lib/idle.ts';
import { followReducedMotion } from '../../lib/reduced-motion.ts';

/** Returns the function that stops the network. */
export function startParticleBackground(canvas: HTMLCanvasElement): () => void {
  return followReducedMotion((reducedMotion) => {
    let network: { stop(): void } | undefined;
    let cancelled = false;
    const cancelIdle = whenIdle(
      () =>
        void import('./particles.ts').then(({ startParticles }) => {
          if (!cancelled) network = startParticles(canvas, { reducedMotion });
        }),
      2000,
    );
    return () => {
      cancelled = true;
      cancelIdle();
      network?.stop();
    };
  });
}

/** The particles' island (particle-canvas.tsx): the canvas is in its marker. */
export const particlesIsland: IslandBehaviour = (marker) => {
  const canvas = marker.querySelector('canvas');
  if (canvas) startParticleBackground(canvas);
};
