/**
 * Where a form that works only with its code (the Pipeline's row forms, Security, the Markdown
 * import) posts if the browser sends it before the code arrived (ADR 013): a page that stores
 * nothing and says so. Apart from paths.ts, which every page's code carries.
 */
export const EARLY_POST_PATH = '/form-not-ready';
