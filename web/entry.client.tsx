/**
 * The browser's entry: a page rendered as islands (ADR 023: its starter has left its hand-off on
 * the window, web/islands/starter.ts) starts its islands; any other page hydrates whole with React
 * Router (web/router.client.tsx). Both are loaded on demand, so neither carries the other's code.
 * Before either, blocked browser storage is replaced by storage in memory (an island page's head
 * script leaves that to this; a whole page's has done it already, and this leaves it be).
 */
import { keepBlockedStorageInMemory } from './storage-fallback.ts';

keepBlockedStorageInMemory();
if ((window as { __islands?: unknown }).__islands) void import('./islands/start.ts');
else void import('./router.client.tsx');
