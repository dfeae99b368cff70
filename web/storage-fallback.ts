/**
 * Blocked storage (private modes, the site in a third-party frame such as a project's demo frame)
 * throws on the mere read of `localStorage` or `sessionStorage`, and code we do not own reads them
 * too (React Router's scroll restoration keeps positions in sessionStorage). So before any such
 * code runs, a blocked area is replaced by one in memory: the page works, and a choice made on it
 * lasts until it is left. Where it runs: first in the head's script of a page that hydrates whole
 * (its router reads storage before the page's code), and first in the browser's entry
 * (web/entry.client.tsx), before an island page's code. Carried inline minified
 * (scripts/inline-script.ts): it uses nothing outside its own body.
 */
export function keepBlockedStorageInMemory(target: Window = window) {
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    try {
      target[name].getItem('');
    } catch {
      const items = new Map<string, string>();
      const memory: Storage = {
        getItem: (key) => items.get(String(key)) ?? null,
        setItem: (key, value) => {
          items.set(String(key), String(value));
        },
        removeItem: (key) => {
          items.delete(String(key));
        },
        clear: () => items.clear(),
        key: (index) => [...items.keys()][index] ?? null,
        get length() {
          return items.size;
        },
      };
      try {
        Object.defineProperty(target, name, { configurable: true, value: memory });
      } catch {}
    }
  }
}
