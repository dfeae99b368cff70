/**
 * The starter of a page that hydrates whole (web/lib/late-start.ts, ADR 017), run in the page as an
 * inline classic script right after the held module script. The page carries it minified
 * (scripts/inline-script.ts): it must not refer to anything outside its own body.
 */
export function startHeldScripts(
  preloads: string[],
  data: string,
  heldType: string,
  earlyStarts: readonly string[],
  holdMs: number,
) {
  const held = document.currentScript?.previousElementSibling;
  if (!(held instanceof HTMLScriptElement) || held.type !== heldType) return;
  const router = (
    window as unknown as {
      __reactRouterContext: { streamController: ReadableStreamDefaultController<string> };
    }
  ).__reactRouterContext;
  let state: 'waiting' | 'starting' | 'started' = 'waiting';
  // A press or key while a start is under way: if that start fails, it was the next press.
  let pressedMeanwhile = false;
  // A form sent before the code is live waits for it (at most `holdMs`) and is sent again once it
  // is (the code adds what the page's answer alone cannot: the pending state, the toast, staying on
  // the page). If the code cannot be fetched or does not come in time, the browser sends it as it
  // would have (`sendAsIs`).
  const waiting: { form: HTMLFormElement; submitter: HTMLElement | null }[] = [];
  let sendAsIs = false;
  const live = () => document.documentElement.dataset.hydrated === 'true';
  const holdSubmit = (event: Event) => {
    const sent = event.target as HTMLFormElement;
    if (sendAsIs || live() || sent.method === 'dialog') return;
    waiting.push({ form: sent, submitter: (event as SubmitEvent).submitter });
    event.preventDefault();
    event.stopPropagation();
    start();
    setTimeout(() => {
      if (live()) return;
      sendAsIs = true;
      sendWaiting();
      sendAsIs = false;
    }, holdMs);
  };
  const sendWaiting = () => {
    for (const one of waiting.splice(0)) {
      if (one.form.isConnected) one.form.requestSubmit(one.submitter?.isConnected ? one.submitter : null);
    }
  };
  addEventListener('submit', holdSubmit, true);
  new MutationObserver((_changes, observer) => {
    if (!live()) return;
    observer.disconnect();
    removeEventListener('submit', holdSubmit, true);
    sendWaiting();
  }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-hydrated'] });
  const press = () => {
    if (state === 'starting') pressedMeanwhile = true;
    start();
  };
  const start = () => {
    if (state !== 'waiting') return;
    state = 'starting';
    pressedMeanwhile = false;
    // Told to whoever asks (a browser test running a paused clock on until the code starts).
    (window as { __codeStarting?: boolean }).__codeStarting = true;
    for (const href of preloads.splice(0)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
    fetch(data)
      .then((response) => {
        if (!response.ok) throw new Error(String(response.status));
        return response.text();
      })
      .then((text) => {
        router.streamController.enqueue(text);
        router.streamController.close();
        state = 'started';
        for (const type of earlyStarts) removeEventListener(type, press, true);
        const script = document.createElement('script');
        script.type = 'module';
        if (held.nonce) script.nonce = held.nonce;
        script.textContent = held.textContent;
        held.after(script);
      })
      .catch(() => {
        state = 'waiting';
        // Offline: what was sent goes as the browser sends it, without the code.
        sendAsIs = true;
        sendWaiting();
        sendAsIs = false;
        if (pressedMeanwhile) start();
      });
  };
  // After the frame that follows the load event has been painted (its largest image too) and shown:
  // one frame to paint it, the next to be sure it is on screen (Chromium stamps a paint when it is
  // presented, up to a frame or two after the main thread painted it), then a task.
  const afterPaint = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
  if (document.readyState === 'complete') afterPaint();
  else addEventListener('load', afterPaint, { once: true });
  for (const type of earlyStarts) addEventListener(type, press, { capture: true, passive: true });
}
