import { describe, expect, it, vi } from 'vitest';
import { LINK_STRENGTHS, ParticleDrawing, stillReason } from './particles.ts';

const desktop = { reducedMotion: false, saveData: false, width: 1280, cores: 8 };

describe('stillReason', () => {
  it('lets the network move on a wide screen with cores to spare', () => {
    expect(stillReason(desktop)).toBeNull();
    expect(stillReason({ ...desktop, cores: undefined })).toBeNull();
  });

  it('keeps it still under reduced motion, Save-Data, below 768 px and below 4 cores', () => {
    expect(stillReason({ ...desktop, reducedMotion: true })).toBe('reduced-motion');
    expect(stillReason({ ...desktop, saveData: true })).toBe('save-data');
    expect(stillReason({ ...desktop, width: 767 })).toBe('small-screen');
    expect(stillReason({ ...desktop, width: 768 })).toBeNull();
    expect(stillReason({ ...desktop, cores: 2 })).toBe('few-cores');
    expect(stillReason({ ...desktop, cores: 4 })).toBeNull();
  });
});

/** A 2D context that records what is drawn; paths are counted, not rasterised. */
function recordingContext() {
  const calls: string[] = [];
  const context = {
    clearRect: () => calls.push('clear'),
    setTransform: (ratio: number) => calls.push(`transform ${ratio}`),
    stroke: () => calls.push('stroke'),
    fill: () => calls.push('fill'),
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 0,
    globalAlpha: 1,
  };
  return { context: context as unknown as CanvasRenderingContext2D, calls };
}

class CountingPath {
  moveTo() {}
  lineTo() {}
  arc() {}
}

/** Frames run when the test says, as a worker's requestAnimationFrame would run them. */
function manualFrames() {
  const waiting = new Map<number, (time: number) => void>();
  let next = 1;
  return {
    request: (callback: (time: number) => void) => {
      waiting.set(next, callback);
      return next++;
    },
    cancel: (id: number) => void waiting.delete(id),
    pending: () => waiting.size,
    run(time: number) {
      const now = [...waiting.values()];
      waiting.clear();
      for (const callback of now) callback(time);
    },
  };
}

describe('ParticleDrawing', () => {
  const state = { width: 400, height: 300, ratio: 2, color: 'rgb(1, 2, 3)', running: false };

  it('sizes the canvas to its box at its pixel ratio and draws a still frame in a few calls', () => {
    vi.stubGlobal('Path2D', CountingPath);
    const { context, calls } = recordingContext();
    const canvas = { width: 0, height: 0 };
    const frames = manualFrames();
    const drawing = new ParticleDrawing(context, canvas, frames);
    drawing.update(state);
    expect(canvas).toEqual({ width: 800, height: 600 });
    expect(calls[0]).toBe('transform 2');
    // One clear, a stroke per strength of link and one fill for the dots: not a call per link.
    expect(calls.filter((call) => call === 'clear')).toHaveLength(1);
    expect(calls.filter((call) => call === 'stroke').length).toBeLessThanOrEqual(LINK_STRENGTHS);
    expect(calls.filter((call) => call === 'fill')).toHaveLength(1);
    expect(context.fillStyle).toBe('rgb(1, 2, 3)');
    expect(frames.pending()).toBe(0);
  });

  it('moves only while it runs, at most 30 frames a second, and a new colour redraws at once', () => {
    vi.stubGlobal('Path2D', CountingPath);
    const { context, calls } = recordingContext();
    const frames = manualFrames();
    const drawing = new ParticleDrawing(context, { width: 0, height: 0 }, frames);
    drawing.update({ ...state, running: true });
    expect(frames.pending()).toBe(1);
    const clears = () => calls.filter((call) => call === 'clear').length;
    const before = clears();
    frames.run(1000);
    frames.run(1005); // too soon for the next frame at 30 a second: asked again, not drawn
    expect(clears()).toBe(before + 1);
    frames.run(1040);
    expect(clears()).toBe(before + 2);
    drawing.update({ ...state, running: false, color: 'rgb(9, 9, 9)' });
    expect(frames.pending()).toBe(0);
    expect(context.strokeStyle).toBe('rgb(9, 9, 9)');
    expect(clears()).toBe(before + 3);
    drawing.stop();
    drawing.update({ ...state, running: true });
    expect(frames.pending()).toBe(1);
  });
});
