/**
 * The path the site is published under: '/' normally, '/site/' for a static copy built for
 * user.github.io/site/ (`npm run export:static -- --base-url https://user.github.io/site/`, which
 * builds with Vite's `base` and React Router's `basename`). React Router prefixes its own links
 * and data requests; these helpers do it for the addresses the app writes itself: images and
 * files from content and the database (`/images/...`, `/uploads/...`), the static copy's JSON
 * files, and links inside rendered post bodies.
 */
export const BASE_PATH: string = import.meta.env.BASE_URL;

/** A root-relative address under the base path; absolute and protocol-relative addresses unchanged. */
export function withBase(url: string, base: string = BASE_PATH): string {
  if (base === '/' || !url.startsWith('/') || url.startsWith('//') || url.startsWith(base)) return url;
  return `${base}${url.slice(1)}`;
}

/** The same for the root-relative src, href and poster attributes of rendered HTML (a post's body). */
export function withBaseInHtml(html: string, base: string = BASE_PATH): string {
  if (base === '/') return html;
  return html.replace(/(\s(?:src|href|poster)=")\/(?!\/)/g, `$1${base}`);
}
