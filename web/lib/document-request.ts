/**
 * Whether a loader runs for a whole document (first load, reload, crawler)
 * rather than for a client-side navigation (React Router's `.data` request).
 * Pages read API data for documents, so the HTML carries it; on client
 * navigations the components (or the home page's clientLoader) fetch it in the browser.
 */
export function isDocumentRequest(request: Request): boolean {
  return !new URL(request.url).pathname.endsWith('.data');
}
