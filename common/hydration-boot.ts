/**
 * How a public page hydrates on the visitor's first move (ADR 014). The page carries a few inline
 * lines (`HYDRATION_TRIGGER`) on a `<script type="module">` whose data attributes name what the
 * boot script needs: the address of the page's hydration data, React Router's manifest and the
 * page's route ids. Nothing is fetched until the visitor moves; then the trigger imports the boot
 * script (`HYDRATION_BOOT`, one file for every page, kept by the browser).
 *
 * On a pointer moving or pressed, a touch, a key, a focus, a wheel or a scroll the trigger imports
 * the boot script, which fetches the page's data and React Router's manifest, preloads the entry's
 * and the routes' modules, imports the route modules and then the client entry, which hydrates as React Router's own module script
 * would have at once. Moves while it works are only noted. Once the visitor has moved on one
 * page, every later page of the visit (in that tab) hydrates at once: its code is in the
 * browser's cache and the visitor is here. A failure (the visitor went offline) leaves the page
 * as its HTML and tries again on the next move (at once, if the visitor moved while it was
 * trying). Until the page is live the trigger notes every button pressed that does nothing
 * without code (`type="button"`, or outside any form) in `window.__earlyClicks`; the client
 * entry presses them again once the page is live (`web/entry.client.tsx`).
 */

/** The events that mean the visitor is here and may reach for something that needs the code. */
export const FIRST_MOVES = [
  'pointerdown',
  'pointermove',
  'touchstart',
  'keydown',
  'focusin',
  'wheel',
  'scroll',
];

export const HYDRATION_BOOT = `const w=window,d=document,o=d.querySelector("script[data-hydration]").dataset,c=w.__reactRouterContext,E=${JSON.stringify(FIRST_MOVES)};
const parts=r=>[r.clientActionModule,r.clientLoaderModule,r.clientMiddlewareModule,r.hydrateFallbackModule,r.module].filter(Boolean);
let s=0,a=0;const off=()=>{for(const t of E)removeEventListener(t,go,true)};
const go=async()=>{if(s){a=1;return}s=1;a=0;
try{const state=w.__hydrationState??=fetch(o.hydration).then(r=>{if(!r.ok)throw Error(r.status);return r.text()}).then(t=>{c.streamController.enqueue(t);c.streamController.close()});state.catch(()=>{w.__hydrationState=void 0});
await import(o.manifest);const m=w.__reactRouterManifest,ids=o.routes.split(" "),routes=ids.map(id=>m.routes[id]),P=new Set([m.entry.module,...m.entry.imports]);
for(const r of routes)for(const u of [...parts(r),...(r.imports||[])])P.add(u);
for(const h of P){const l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.append(l)}
const mods=await Promise.all(routes.map(r=>Promise.all(parts(r).map(u=>import(u))).then(l=>Object.assign({},...l))));
w.__reactRouterRouteModules=Object.fromEntries(ids.map((id,i)=>[id,mods[i]]));
await state;await import(m.entry.module);off()}catch{s=0;if(a)go()}};
for(const t of E)addEventListener(t,go,{capture:true,passive:true});go();
`;

/** A short hash of the text (FNV-1a, 32 bits): enough to name a new version of the file. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** Where the server answers the script: a new text is a new address, so it is kept for good. */
export const HYDRATION_BOOT_PATH = `/_hydration/boot-${shortHash(HYDRATION_BOOT)}.js`;

/**
 * The page's own few lines, inline (so nothing is fetched before the visitor moves): they note the
 * buttons pressed before the page is live, and on the first move (or at once, later in a visit)
 * import the boot script; should that fail, the next move tries again.
 */
export const HYDRATION_TRIGGER = `const w=window,E=${JSON.stringify(FIRST_MOVES)},k=w.__earlyClicks=[],M="hydrate-at-once";
addEventListener("click",e=>{if(k.stop)return;const b=e.target instanceof Element&&e.target.closest("button");if(b&&(b.type==="button"||!b.form))k.push(b)},true);
const on=()=>{for(const t of E)addEventListener(t,go,{capture:true,passive:true})};
const go=()=>{for(const t of E)removeEventListener(t,go,true);try{sessionStorage.setItem(M,"1")}catch{}import(${JSON.stringify(HYDRATION_BOOT_PATH)}).catch(on)};
on();try{if(sessionStorage.getItem(M))go()}catch{}`;
