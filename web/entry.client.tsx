/**
 * Hydrates the server's HTML, after the browser has had the chance to paint it. Hydration is the
 * page's biggest task; run before the first paint it held the first view back by its length (on
 * a mid-range phone, 1-2 s). A message to ourselves queues a task behind the parser's work and the
 * rendering opportunity that follows it (unlike timers and animation frames, it is not slowed in
 * a hidden tab or held by a test's fake clock).
 */
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

/**
 * Buttons pressed before the page's code arrived (ADR 014): the inline trigger of a page that
 * hydrates on the visitor's first move notes each button pressed that does nothing without code. From here
 * React sees every press itself (and replays those made while it hydrates), so the noting stops;
 * once the root has hydrated (it marks <html data-hydrated>) the noted buttons are pressed again,
 * in order: a press made before the code arrived is never lost.
 */
function pressEarlyClicksOnceLive() {
  const early = (window as { __earlyClicks?: HTMLButtonElement[] & { stop?: boolean } }).__earlyClicks;
  if (!early) return;
  early.stop = true;
  const root = document.documentElement;
  const watcher = new MutationObserver(() => {
    if (!root.dataset.hydrated) return;
    watcher.disconnect();
    for (const button of early.splice(0)) if (button.isConnected && !button.disabled) button.click();
  });
  watcher.observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
}

const channel = new MessageChannel();
channel.port1.onmessage = () => {
  channel.port1.close();
  pressEarlyClicksOnceLive();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
};
channel.port2.postMessage(null);
