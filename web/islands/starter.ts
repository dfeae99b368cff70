/**
 * The inline starter of an island page (ADR 023), minified into the page by the build like
 * late-start's (scripts/inline-script.ts): it fetches the islands' code, and the whole stylesheet
 * into the cache, once the page has been painted (the window's load event, two frames, a task), or
 * at the visitor's first press or key if that comes sooner. The page's first paint has every rule
 * its HTML uses in its head (ADR 029); the stylesheet is for what the code draws later and what a
 * press opens (a menu), so it is applied when an island starts or the visitor first reaches for
 * the page, not before: until then the browser spends no style pass on rules nothing uses.
 * Without scripting the page names it in a <noscript> (web/entry.server.tsx).
 *
 * Until an island is live its HTML works as HTML (links, forms, the popover menu). What HTML alone
 * would drop is held for it: a form's submission inside an island that is not live yet (its code
 * adds what the page's answer alone cannot: the pending state, the toast, staying on the page),
 * a press of a plain button there (`type="button"`, which does nothing without code) or of a tab
 * (`role="tab"`: a link to its panel as HTML, selecting it in place once live), and a tab's keys
 * (arrows, Home, End). Each wakes the island at once; the runtime (web/islands/start.tsx) takes
 * them from `window.__islands` and does them again once the island is live, so a press is neither
 * lost nor done twice.
 *
 * It refers to nothing outside its own body.
 */
export function startIslands(
  entry: string,
  stylesheet: string,
  earlyStarts: readonly string[],
  nameAttribute: string,
  liveAttribute: string,
  partsAttribute: string,
  holdMs: number,
) {
  let styled: Promise<unknown> | null = null;
  // The whole stylesheet applied (once): what an island draws once live (a menu, a toast) has its
  // rules, as has what a press opens. Settles once it has come, or failed.
  const style = () => {
    if (styled) return styled;
    if (document.querySelector(`link[rel="stylesheet"][href="${stylesheet}"]`)) {
      styled = Promise.resolve();
      return styled;
    }
    const sheet = document.createElement('link');
    sheet.rel = 'stylesheet';
    sheet.href = stylesheet;
    styled = new Promise((resolve) => {
      sheet.onload = resolve;
      sheet.onerror = resolve;
    });
    document.head.append(sheet);
    return styled;
  };
  const state: IslandsHandoff = { held: [], wake: null, sendAsIs: false, style };
  (window as { __islands?: IslandsHandoff }).__islands = state;
  let started = false;
  let fetchedAhead = false;
  // A press or key while the code is on its way: if it cannot be fetched, that was the next press.
  let pressedMeanwhile = false;
  const go = () => {
    if (started) return;
    started = true;
    pressedMeanwhile = false;
    // Told to whoever asks (a browser test running a paused clock on until the code starts).
    (window as { __codeStarting?: boolean }).__codeStarting = true;
    // Fetched now (once, unless already applied), applied when needed: from the cache then,
    // without a wait on the network.
    if (!styled && !fetchedAhead) {
      fetchedAhead = true;
      const ahead = document.createElement('link');
      ahead.rel = 'prefetch';
      ahead.href = stylesheet;
      document.head.append(ahead);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.src = entry;
    // Not fetched (offline): the page stays its HTML, and the next press or key tries again.
    script.onerror = () => {
      script.remove();
      started = false;
      if (pressedMeanwhile) go();
    };
    document.head.append(script);
  };
  // The island an element is in, or whose part it is (an element outside it that it acts on).
  const markerOf = (node: EventTarget | null) => {
    if (!(node instanceof Element)) return null;
    const inside = node.closest(`[${nameAttribute}]`);
    if (inside) return inside;
    for (const owner of Array.from(document.querySelectorAll(`[${partsAttribute}]`))) {
      if (node.closest(owner.getAttribute(partsAttribute) ?? '')) return owner;
    }
    return null;
  };
  // (No shorthand properties: the serialised starter's names are shortened, its keys are not.)
  const hold = (event: Event) => {
    const owner = markerOf(event.target);
    if (!owner || owner.hasAttribute(liveAttribute) || state.sendAsIs) return;
    if (event.type === 'submit') {
      const sent = event.target as HTMLFormElement;
      if (sent.method === 'dialog') return;
      const one = { marker: owner, form: sent, submitter: (event as SubmitEvent).submitter };
      state.held.push(one);
      // Its code has not come in time (a phone far from any signal): the browser sends it as it is.
      setTimeout(() => {
        const at = state.held.indexOf(one);
        if (at === -1) return;
        state.held.splice(at, 1);
        state.sendAsIs = true;
        if (sent.isConnected) sent.requestSubmit(one.submitter?.isConnected ? one.submitter : null);
        state.sendAsIs = false;
      }, holdMs);
    } else if (event.type === 'keydown') {
      const pressedKey = (event as KeyboardEvent).key;
      const onTab = (event.target as Element).closest('[role="tab"]');
      if (!onTab || !['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(pressedKey)) return;
      state.held.push({ marker: owner, key: pressedKey, tab: onTab as HTMLElement });
    } else {
      const pressed = (event.target as Element).closest('button, [role="tab"]') as HTMLElement | null;
      if (!pressed) return;
      const plain =
        pressed instanceof HTMLButtonElement
          ? pressed.type === 'button' && !pressed.hasAttribute('popovertarget')
          : true;
      if (!plain) return;
      state.held.push({ marker: owner, button: pressed });
    }
    event.preventDefault();
    event.stopPropagation();
    if (started) pressedMeanwhile = true;
    go();
    state.wake?.(owner);
  };
  addEventListener('submit', hold, true);
  addEventListener('click', hold, true);
  addEventListener('keydown', hold, true);
  const early = (event: Event) => {
    if (started) pressedMeanwhile = true;
    // Applied first: the code's fetch then asks for no second copy ahead.
    void style();
    go();
    const reached = markerOf(event.target);
    if (reached) state.wake?.(reached);
  };
  for (const type of earlyStarts) addEventListener(type, early, { capture: true, passive: true });
  // A page printed before anything was pressed prints with every rule.
  addEventListener('beforeprint', style, { once: true });
  const afterPaint = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(go, 0)));
  if (document.readyState === 'complete') afterPaint();
  else addEventListener('load', afterPaint, { once: true });
}

/** What the starter hands to the runtime: what was held, and how to wake an island at once. */
export interface IslandsHandoff {
  held: Array<
    | { marker: Element; form: HTMLFormElement; submitter: HTMLElement | null }
    | { marker: Element; button: HTMLElement }
    | { marker: Element; key: string; tab: HTMLElement }
  >;
  wake: ((marker: Element) => void) | null;
  /** While set, nothing is held: what was held is being done as the browser would (the code could not be fetched). */
  sendAsIs: boolean;
  /** Applies the whole stylesheet (once); settles when it has come, or failed. */
  style: () => Promise<unknown>;
}
