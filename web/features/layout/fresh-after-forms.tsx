import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { DONE_PARAM } from '../../lib/form-post.ts';
import { USER_PATH } from '../auth/api.ts';

/**
 * A form whose post went through comes back to a page address with `?done=` (a redirect); the
 * form's own part of the page may be gone by then (a confirm step, a sign-in page), so what the
 * page shows from the query cache is read again here, once per such address, for every page.
 */
export function FreshAfterForms() {
  const queryClient = useQueryClient();
  const { key, search } = useLocation();
  const done = new URLSearchParams(search).has(DONE_PARAM);
  const seen = useRef(key);
  useEffect(() => {
    if (seen.current === key) return;
    seen.current = key;
    // Who is signed in comes from the root's data, read again after every post (root.tsx).
    if (done) void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== USER_PATH });
  }, [key, done, queryClient]);
  return null;
}
