/**
 * The hero's particle network (spec section 9): 80 particles of size 1 to 4
 * drifting on a canvas, linked by a line when closer than 150 px. It runs only
 * while the canvas is on screen and the tab is visible, at most 30 frames a
 * second; under reduced motion, Save-Data, on small screens and on devices with
 * few cores it draws one still frame.
 */
export const PARTICLE_COUNT = 80;
export const MIN_SIZE = 1;
export const MAX_SIZE = 4;
export const LINK_DISTANCE = 150;
/** Links are drawn in this many strengths (fainter the farther apart). */
const LINK_STRENGTHS = 6;
/** At most this many frames a second: the eye does not need more for a slow drift. */
export const MAX_FPS = 30;
/** Below this width, or with fewer cores, the network is a still picture. */
export const STILL_BELOW_WIDTH = 768;
export const STILL_BELOW_CORES = 4;

/** Why the network should not move, or null when it may: motion costs battery and main-thread time. */
export function stillReason({
  reducedMotion,
  saveData,
  width,
  cores,
}: {
  reducedMotion: boolean;
  saveData: boolean;
  width: number;
  cores: number | undefined;
}): 'reduced-motion' | 'save-data' | 'small-screen' | 'few-cores' | null {
  if (reducedMotion) return 'reduced-motion';
  if (saveData) return 'save-data';
  if (width < STILL_BELOW_WIDTH) return 'small-screen';
  if (cores !== undefined && cores < STILL_BELOW_CORES) return 'few-cores';
  return null;
}

interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  size: number;
}

export interface ParticleNetwork {
  stop(): void;
}

export function startParticles(
  canvas: HTMLCanvasElement,
  { reducedMotion }: { reducedMotion: boolean },
): ParticleNetwork {
  const reason = stillReason({
    reducedMotion,
    saveData: Boolean((navigator as { connection?: { saveData?: boolean } }).connection?.saveData),
    width: window.innerWidth,
    cores: navigator.hardwareConcurrency,
  });
  canvas.dataset.still = reason ?? '';
  const still = reason !== null;
  const context = canvas.getContext('2d');
  if (!context) return { stop() {} };
  const ctx = context;
  let width = 0;
  let height = 0;
  let particles: Particle[] = [];
  let frame = 0;
  let onScreen = true;
  let stopped = false;

  const color = () => getComputedStyle(canvas).color || '#1d4ed8';

  function resize() {
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    width = canvas.clientWidth;
    height = canvas.clientHeight;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  }

  function seed() {
    particles = Array.from({ length: PARTICLE_COUNT }, () => ({
      x: Math.random() * width,
      y: Math.random() * height,
      vx: (Math.random() - 0.5) * 0.6,
      vy: (Math.random() - 0.5) * 0.6,
      size: MIN_SIZE + Math.random() * (MAX_SIZE - MIN_SIZE),
    }));
  }

  // The links in a few strengths, each strength one path and one stroke, and the dots one path and
  // one fill: a frame is a handful of canvas calls, not one per link (a phone drew its still frame
  // in one long task of the page's main thread otherwise).
  function draw() {
    const stroke = color();
    ctx.clearRect(0, 0, width, height);
    ctx.fillStyle = stroke;
    ctx.strokeStyle = stroke;
    ctx.lineWidth = 1;
    const strengths = Array.from({ length: LINK_STRENGTHS }, () => new Path2D());
    const reach = LINK_DISTANCE * LINK_DISTANCE;
    for (let i = 0; i < particles.length; i++) {
      const a = particles[i] as Particle;
      for (let j = i + 1; j < particles.length; j++) {
        const b = particles[j] as Particle;
        const dx = a.x - b.x;
        const dy = a.y - b.y;
        const squared = dx * dx + dy * dy;
        if (squared >= reach) continue;
        const closeness = 1 - Math.sqrt(squared) / LINK_DISTANCE;
        const path = strengths[
          Math.min(LINK_STRENGTHS - 1, Math.floor(closeness * LINK_STRENGTHS))
        ] as Path2D;
        path.moveTo(a.x, a.y);
        path.lineTo(b.x, b.y);
      }
    }
    strengths.forEach((path, strength) => {
      ctx.globalAlpha = ((strength + 0.5) / LINK_STRENGTHS) * 0.35;
      ctx.stroke(path);
    });
    const dots = new Path2D();
    for (const p of particles) {
      dots.moveTo(p.x + p.size, p.y);
      dots.arc(p.x, p.y, p.size, 0, Math.PI * 2);
    }
    ctx.globalAlpha = 0.7;
    ctx.fill(dots);
    ctx.globalAlpha = 1;
  }

  function move() {
    for (const p of particles) {
      p.x += p.vx;
      p.y += p.vy;
      if (p.x < 0 || p.x > width) p.vx *= -1;
      if (p.y < 0 || p.y > height) p.vy *= -1;
    }
  }

  const running = () => !still && !stopped && onScreen && document.visibilityState === 'visible';

  let last = 0;
  function tick(time: number) {
    frame = 0;
    if (!running()) return;
    // A frame only when its turn has come (30 a second), whatever the screen's refresh rate.
    if (time - last >= 1000 / MAX_FPS - 1) {
      last = time;
      move();
      draw();
    }
    frame = requestAnimationFrame(tick);
  }

  function update() {
    canvas.dataset.running = String(running());
    if (running() && frame === 0) frame = requestAnimationFrame(tick);
    if (!running() && frame !== 0) {
      cancelAnimationFrame(frame);
      frame = 0;
    }
  }

  resize();
  seed();
  draw();

  const visibility = new IntersectionObserver(([entry]) => {
    onScreen = Boolean(entry?.isIntersecting);
    update();
  });
  visibility.observe(canvas);
  const onVisibility = () => update();
  document.addEventListener('visibilitychange', onVisibility);
  const onResize = () => {
    resize();
    draw();
  };
  window.addEventListener('resize', onResize);
  update();

  return {
    stop() {
      stopped = true;
      update();
      visibility.disconnect();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('resize', onResize);
    },
  };
}
