/**
 * The browser's entry: a page rendered as islands (ADR 023: its islands' state is in the page)
 * starts its islands; any other page hydrates whole with React Router (web/router.client.tsx).
 * Both are loaded on demand, so neither carries the other's code.
 */
import { ISLAND_PAGE_ID } from './islands/markers.ts';

if (document.getElementById(ISLAND_PAGE_ID)) void import('./islands/start.tsx');
else void import('./router.client.tsx');
