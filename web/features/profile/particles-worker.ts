/**
 * The particle network's drawing, off the page's main thread (particles.ts): the page hands over
 * its canvas once and then tells what changed; the worker seeds, draws and moves the network. The
 * canvas stays here for the page's life (a canvas goes to a worker only once): a stop ends the
 * drawing, the next state starts a new one on the same canvas.
 */
/// <reference lib="webworker" />
import { type DrawingMessage, ParticleDrawing } from './particles.ts';

let canvas: OffscreenCanvas | null = null;
let drawing: ParticleDrawing | null = null;

self.onmessage = (event: MessageEvent<DrawingMessage>) => {
  const message = event.data;
  if ('stop' in message) {
    drawing?.stop();
    drawing = null;
    return;
  }
  if ('canvas' in message) canvas = message.canvas;
  if (!drawing && canvas) {
    const context = canvas.getContext('2d');
    if (!context) return;
    drawing = new ParticleDrawing(context, canvas, {
      request: (callback) => requestAnimationFrame(callback),
      cancel: (id) => cancelAnimationFrame(id),
    });
  }
  drawing?.update(message.state);
};
