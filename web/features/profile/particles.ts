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

  function draw() {
    const stroke = color();
    ctx.clearRect(0, 0, width, height);
    ctx.fillStyle = stroke;
    ctx.strokeStyle = stroke;
    for (let i = 0; i < particles.length; i++) {
      const a = particles[i] as Particle;
      ctx.globalAlpha = 0.7;
      ctx.beginPath();
      ctx.arc(a.x, a.y, a.size, 0, Math.PI * 2);
      ctx.fill();
      for (let j = i + 1; j < particles.length; j++) {
        const b = particles[j] as Particle;
        const distance = Math.hypot(a.x - b.x, a.y - b.y);
        if (distance < LINK_DISTANCE) {
          ctx.globalAlpha = (1 - distance / LINK_DISTANCE) * 0.35;
          ctx.lineWidth = 1;
          ctx.beginPath();
          ctx.moveTo(a.x, a.y);
          ctx.lineTo(b.x, b.y);
          ctx.stroke();
        }
      }
    }
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
