/**
 * Debian's Chromium, as every browser this project drives runs it (the browser tests and
 * bench/lighthouse.ts): no sandbox as root, no GPU, and none of the background connections a
 * closed network refuses.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The port and bootstrap admin of the server the browser tests start. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4317);
export const E2E_ADMIN = { username: 'e2e-owner', password: 'e2e-owner-password-123' } as const;

/**
 * The static copy of the site (e2e/static-site-server.ts): served on 127.0.0.1, reached by the
 * browser under a host name containing a static-hosting marker (mapped in playwright.config.ts).
 */
export const STATIC_PORT = Number(process.env.E2E_STATIC_PORT ?? 4318);
export const STATIC_HOST = 'jordan.github.io';
export const STATIC_ORIGIN = `http://${STATIC_HOST}:${STATIC_PORT}`;
/** The sub-path of the second static copy, exported for it (a GitHub Pages project site). */
export const STATIC_SUBPATH = '/site/';
