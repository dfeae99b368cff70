/**
 * The hero's particle network (spec section 9): 80 particles of size 1 to 4
 * drifting on a canvas, linked by a line when closer than 150 px. It runs only
 * while the canvas is on screen and the tab is visible, at most 30 frames a
 * second; under reduced motion, Save-Data, on small screens and on devices with
 * few cores it draws one still frame.
 *
 * Decoration never holds the page's main thread (issue 61: its still frame was one long task on a
 * phone's): where the browser can hand a canvas to a worker (`transferControlToOffscreen`), the
 * drawing runs there (particles-worker.ts) and the page only tells it what changed (on screen or
 * not, its size, its colour); elsewhere it draws on the page's thread as before. The drawing itself
 * is `ParticleDrawing`, the same either way.
 */
export const PARTICLE_COUNT = 80;
export const MIN_SIZE = 1;
export const MAX_SIZE = 4;
export const LINK_DISTANCE = 150;
/** Links are drawn in this many strengths (fainter the farther apart). */
export const LINK_STRENGTHS = 6;
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

export interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  size: number;
}

/** What the page tells the drawing: its canvas's size and pixel ratio, its colour, whether it moves. */
export interface DrawingState {
  width: number;
  height: number;
  ratio: number;
  color: string;
  running: boolean;
}

/**
 * The network on a 2D context, in whichever thread holds the canvas: seeded once, drawn on every
 * change of size or colour, and moved and drawn at most 30 times a second while it runs.
 */
export class ParticleDrawing {
  #particles: Particle[] = [];
  #state: DrawingState | null = null;
  #frame = 0;
  #last = 0;

  constructor(
    private readonly ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D,
    private readonly canvas: { width: number; height: number },
    private readonly frames: {
      request: (callback: (time: number) => void) => number;
      cancel: (id: number) => void;
    },
  ) {}

  update(next: DrawingState) {
    const before = this.#state;
    this.#state = next;
    if (
      !before ||
      before.width !== next.width ||
      before.height !== next.height ||
      before.ratio !== next.ratio
    ) {
      this.canvas.width = Math.round(next.width * next.ratio);
      this.canvas.height = Math.round(next.height * next.ratio);
      this.ctx.setTransform(next.ratio, 0, 0, next.ratio, 0, 0);
      if (!before) this.#seed(next);
    }
    this.#draw();
    if (next.running && this.#frame === 0) this.#frame = this.frames.request((time) => this.#tick(time));
    if (!next.running && this.#frame !== 0) {
      this.frames.cancel(this.#frame);
      this.#frame = 0;
    }
  }

  stop() {
    if (this.#frame !== 0) this.frames.cancel(this.#frame);
    this.#frame = 0;
    this.#state = null;
  }

  #seed({ width, height }: DrawingState) {
    this.#particles = Array.from({ length: PARTICLE_COUNT }, () => ({
      x: Math.random() * width,
      y: Math.random() * height,
      vx: (Math.random() - 0.5) * 0.6,
      vy: (Math.random() - 0.5) * 0.6,
      size: MIN_SIZE + Math.random() * (MAX_SIZE - MIN_SIZE),
    }));
  }

  #tick(time: number) {
    this.#frame = 0;
    if (!this.#state?.running) return;
    // A frame only when its turn has come (30 a second), whatever the screen's refresh rate.
    if (time - this.#last >= 1000 / MAX_FPS - 1) {
      this.#last = time;
      this.#move();
      this.#draw();
    }
    this.#frame = this.frames.request((next) => this.#tick(next));
  }

  #move() {
    const { width, height } = this.#state as DrawingState;
    for (const p of this.#particles) {
      p.x += p.vx;
      p.y += p.vy;
      if (p.x < 0 || p.x > width) p.vx *= -1;
      if (p.y < 0 || p.y > height) p.vy *= -1;
    }
  }

  // The links in a few strengths, each strength one path and one stroke, and the dots one path and
  // one fill: a frame is a handful of canvas calls, not one per link.
  #draw() {
    const state = this.#state;
    if (!state) return;
    const { ctx } = this;
    const particles = this.#particles;
    ctx.clearRect(0, 0, state.width, state.height);
    ctx.fillStyle = state.color;
    ctx.strokeStyle = state.color;
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
}

/** A message from the page to the worker that draws (particles-worker.ts). */
export type DrawingMessage =
  | { canvas: OffscreenCanvas; state: DrawingState }
  | { state: DrawingState }
  | { stop: true };

/**
 * The worker that holds this canvas, started and handed the canvas on its first call: a canvas goes
 * to a worker once, so a network started again on it (the motion preference changed) is drawn by
 * the same worker. None where the browser cannot hand a canvas over.
 */
const workers = new WeakMap<HTMLCanvasElement, Worker>();
function drawingWorker(canvas: HTMLCanvasElement, state: () => DrawingState): Worker | null {
  const known = workers.get(canvas);
  if (known) {
    known.postMessage({ state: state() } satisfies DrawingMessage);
    return known;
  }
  if (typeof canvas.transferControlToOffscreen !== 'function' || typeof Worker !== 'function') return null;
  const worker = new Worker(new URL('./particles-worker.ts', import.meta.url), { type: 'module' });
  const offscreen = canvas.transferControlToOffscreen();
  worker.postMessage({ canvas: offscreen, state: state() } satisfies DrawingMessage, [offscreen]);
  workers.set(canvas, worker);
  return worker;
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
  let onScreen = true;
  let stopped = false;
  const running = () => !still && !stopped && onScreen && document.visibilityState === 'visible';
  const state = (): DrawingState => ({
    width: canvas.clientWidth,
    height: canvas.clientHeight,
    ratio: Math.min(window.devicePixelRatio || 1, 2),
    color: getComputedStyle(canvas).color || '#1d4ed8',
    running: running(),
  });

  // Drawn in a worker where the canvas can go there; on this thread otherwise.
  let send: (message: DrawingMessage) => void;
  const worker = drawingWorker(canvas, state);
  if (worker) {
    send = (message) => worker.postMessage(message);
  } else {
    const context = canvas.getContext('2d');
    if (!context) return { stop() {} };
    const drawing = new ParticleDrawing(context, canvas, {
      request: (callback) => requestAnimationFrame(callback),
      cancel: (id) => cancelAnimationFrame(id),
    });
    drawing.update(state());
    send = (message) => ('stop' in message ? drawing.stop() : drawing.update(message.state));
  }

  const update = () => {
    canvas.dataset.running = String(running());
    send({ state: state() });
  };
  const visibility = new IntersectionObserver(([entry]) => {
    onScreen = Boolean(entry?.isIntersecting);
    update();
  });
  visibility.observe(canvas);
  document.addEventListener('visibilitychange', update);
  window.addEventListener('resize', update);
  // The theme changed (the head script's switch, or the system's): the colour follows.
  const theme = new MutationObserver(update);
  theme.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  canvas.dataset.running = String(running());

  return {
    stop() {
      stopped = true;
      canvas.dataset.running = 'false';
      send({ stop: true });
      visibility.disconnect();
      theme.disconnect();
      document.removeEventListener('visibilitychange', update);
      window.removeEventListener('resize', update);
    },
  };
}
