/**
 * The browser's entry: a page rendered as islands (ADR 023: its starter has left its hand-off on
 * the window, web/islands/starter.ts) starts its islands; any other page hydrates whole with React
 * Router (web/router.client.tsx). Both are loaded on demand, so neither carries the other's code.
 */
if ((window as { __islands?: unknown }).__islands) void import('./islands/start.ts');
else void import('./router.client.tsx');
