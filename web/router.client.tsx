/**
 * Hydrates the server's HTML, as React Router's own template does, after the browser has had the
 * chance to paint it. Hydration is the page's biggest task; run before the first paint it held the
 * first view back by its length (on a mid-range phone, 1-2 s). A message to ourselves queues a
 * task behind the parser's work and the rendering opportunity that follows it (unlike timers and
 * animation frames, it is not slowed in a hidden tab or held by a test's fake clock). Hydrating in
 * a transition lets React yield to the browser between pieces; a press or a key on a part not yet
 * hydrated makes React hydrate it at once and then handle it, so nothing is replayed by hand.
 */
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

const channel = new MessageChannel();
channel.port1.onmessage = () => {
  channel.port1.close();
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
