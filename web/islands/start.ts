/**
 * The islands' runtime (ADR 023), loaded by the client entry on an island page once the page has
 * been painted (web/islands/starter.ts). Each marker's island starts when its moment comes:
 *
 * - `load`: at once;
 * - `idle`: as a background task, once what the page is doing now is done;
 * - `visible`: when it comes within 200 px of the screen (what a phone never scrolls to never
 *   fetches its code);
 * - and any island the visitor reaches for first (a press, a key, a focus in it) at once.
 *
 * Starting is fetching the island's code (web/islands/registry.ts) and hydrating its marker with
 * `hydrateRoot`, in a transition, with the id prefix the server rendered it with
 * (web/islands/hydrate.tsx, which brings React with the first island: this module has none), or,
 * for an island that is a plain function (decoration, a watcher), calling it with its marker and
 * props: no React. When it is live
 * the marker gets `data-live`, and what the starter held for it (a form's submission, a plain
 * button's press) is done again. `data-hydrated` on <html> says the islands on screen and those
 * that start at once are live (browser tests wait for it, as on a page hydrated whole).
 *
 * The page's own chore that the root component does on a whole page is done in hydrate.tsx: the
 * toasts' viewport comes with the first toast.
 */
import { holdsKeptTyping } from '../lib/kept-typing-store.ts';
import type { IslandPage, IslandStart } from './island.tsx';
import { ISLAND_ATTRIBUTES, ISLAND_PAGE_ID, type IslandBehaviour, islandProps } from './markers.ts';
import { islandBehaviours, islandModules } from './registry.ts';
import type { IslandsHandoff } from './starter.ts';

const page = JSON.parse(document.getElementById(ISLAND_PAGE_ID)?.textContent ?? '{}') as IslandPage;
const handoff: IslandsHandoff = (window as { __islands?: IslandsHandoff }).__islands ?? {
  held: [],
  wake: null,
  sendAsIs: false,
  style: () => Promise.resolve(),
};

type Phase = 'waiting' | 'starting' | 'live';
const phases = new Map<Element, Phase>();
/**
 * The islands that must be live before the page says it is: those on screen at the start, and
 * those that start by themselves (`load`, `idle`; not those waiting for a media query to match).
 */
const awaited = new Set<Element>();
let counted = false;

const markers = Array.from(document.querySelectorAll(`[${ISLAND_ATTRIBUTES.name}]`));

function start(marker: Element) {
  if ((phases.get(marker) ?? 'waiting') !== 'waiting') return;
  phases.set(marker, 'starting');
  const name = marker.getAttribute(ISLAND_ATTRIBUTES.name) ?? '';
  const behaviour = islandBehaviours[name as keyof typeof islandBehaviours];
  if (behaviour) {
    // A plain function: no React. Started once the whole stylesheet has come (for what it draws).
    Promise.all([behaviour(), handoff.style()]).then(([run]) => {
      (run as IslandBehaviour)(marker, islandProps(marker));
      live(marker);
    }, unreached(marker));
    return;
  }
  const load = islandModules[name as keyof typeof islandModules];
  if (!load) {
    console.error(`No island is registered as "${name}" (web/islands/registry.ts)`);
    return;
  }
  // React and React DOM come with the first island that starts, not with the page, and React
  // Router with the first that needs it; it goes live once the whole stylesheet has come too (for
  // what it draws then).
  const routed = marker.hasAttribute(ISLAND_ATTRIBUTES.routerless) ? undefined : import('./routed.tsx');
  Promise.all([import('./hydrate.tsx'), load(), routed, handoff.style()]).then(
    ([{ hydrateIsland }, Component, router]) => {
      const props = islandProps(marker);
      hydrateIsland(marker, Component, props, page, () => live(marker), router?.RoutedIslandTree);
    },
    unreached(marker),
  );
}

/**
 * An island whose code was not fetched (offline): the HTML stays, what was held for it is done as
 * the browser does it (a form posted to its page), and the next reach for it tries again.
 */
const unreached = (marker: Element) => () => {
  phases.set(marker, 'waiting');
  handoff.sendAsIs = true;
  doHeld(marker);
  handoff.sendAsIs = false;
};

/**
 * Does again what the starter held for this island, in order: a form's submission, a plain
 * button's or a tab's press, a tab's key (pressed again on the tab, which has the focus again;
 * where the code could not be fetched there is nothing for it to do, as in HTML). Once live, each
 * in a task of its own, so each meets what the one before it made (a tab chosen, then an arrow
 * from it); where the code could not be fetched, all at once, as the browser does them.
 */
function doHeld(marker: Element) {
  const mine = handoff.held.filter((held) => held.marker === marker);
  handoff.held = handoff.held.filter((held) => held.marker !== marker);
  if (handoff.sendAsIs) {
    for (const held of mine) doOne(held);
    return;
  }
  const next = (index: number) => {
    const held = mine[index];
    if (!held) return;
    doOne(held);
    setTimeout(() => next(index + 1), 0);
  };
  next(0);
}

function doOne(held: IslandsHandoff['held'][number]) {
  if ('form' in held) {
    if (!held.form.isConnected) return;
    const submitter = held.submitter && held.form.contains(held.submitter) ? held.submitter : null;
    held.form.requestSubmit(submitter);
  } else if ('key' in held) {
    if (!held.tab.isConnected || handoff.sendAsIs) return;
    held.tab.focus();
    held.tab.dispatchEvent(new KeyboardEvent('keydown', { key: held.key, bubbles: true, cancelable: true }));
  } else if (held.button.isConnected) held.button.click();
}

function live(marker: Element) {
  phases.set(marker, 'live');
  marker.setAttribute(ISLAND_ATTRIBUTES.live, '');
  doHeld(marker);
  settle();
}

/** Marks the page live once every awaited island is. */
function settle() {
  if (!counted) return;
  for (const marker of awaited) if (phases.get(marker) !== 'live') return;
  document.documentElement.dataset.hydrated = 'true';
}

handoff.wake = start;

const visible = new IntersectionObserver(
  (entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const marker = entry.target.closest(`[${ISLAND_ATTRIBUTES.name}]`);
      if (!marker) continue;
      if (!counted) awaited.add(marker);
      start(marker);
    }
    if (!counted) {
      counted = true;
      settle();
    }
  },
  { rootMargin: '200px 0px' },
);

/**
 * Runs `task` as a background task: after what the page is doing now, at the browser's lowest
 * priority where it has one (`scheduler.postTask`), else as a task of its own (a message to
 * ourselves: unlike an idle callback or a timer, not held by a test's fake clock).
 */
function inBackground(task: () => void) {
  const scheduler = (
    globalThis as { scheduler?: { postTask?: (task: () => void, options: object) => Promise<void> } }
  ).scheduler;
  if (scheduler?.postTask) {
    void scheduler.postTask(task, { priority: 'background' });
    return;
  }
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    task();
  };
  channel.port2.postMessage(null);
}

let observed = 0;
/** Starts an island whose media query matches, now or once it does. */
function whenMatching(marker: Element, begin: () => void) {
  const media = marker.getAttribute(ISLAND_ATTRIBUTES.media);
  if (!media) return begin();
  const query = matchMedia(media);
  if (query.matches) return begin();
  const onChange = () => {
    if (!query.matches) return;
    query.removeEventListener('change', onChange);
    begin();
  };
  query.addEventListener('change', onChange);
}
for (const marker of markers) {
  const when = (marker.getAttribute(ISLAND_ATTRIBUTES.start) ?? 'visible') as IslandStart;
  if (marker.hasAttribute(ISLAND_ATTRIBUTES.media)) {
    whenMatching(marker, () => inBackground(() => start(marker)));
  } else if (when === 'load') {
    awaited.add(marker);
    start(marker);
  } else if (when === 'idle') {
    awaited.add(marker);
    inBackground(() => start(marker));
  } else if (when === 'touch' && holdsKeptTyping(marker)) {
    // A form that starts when reached for, with typing kept from before a reload: it starts once
    // the page is idle, wherever it is scrolled, and brings the typing back.
    inBackground(() => start(marker));
  } else if (when === 'visible') {
    // The marker itself has no box (display: contents): its elements are what comes into view.
    for (const child of Array.from(marker.children)) {
      visible.observe(child);
      observed++;
    }
  }
  // 'touch': nothing until the visitor reaches for it (the starter wakes it).
}
// Reached for before the starter was there (a field focused while the page was still loading):
// that island starts now, as a focus on it would have started it.
const focused = document.activeElement?.closest(`[${ISLAND_ATTRIBUTES.name}]`);
if (focused) start(focused);
// Held before the runtime came: those islands start now.
for (const held of handoff.held) start(held.marker);
if (observed === 0) {
  counted = true;
  settle();
}
