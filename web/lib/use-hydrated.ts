import { useEffect, useState } from 'react';

/**
 * False while rendering on the server and while hydrating, true once the component has mounted in
 * the browser: for what must match the server's HTML first (a form's data-ready, a frame that
 * only the browser can load).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
