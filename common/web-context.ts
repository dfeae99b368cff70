/**
 * What the server hands to the web app's loaders for each page request (the
 * React Router load context). The server builds it; `web/` only sees this
 * shape, so neither side imports the other.
 */

import type { LeadSource } from './schemas/contact.ts';

/** The signed-in user as the web app knows it (the answer of GET /api/user). */
export interface SessionUser {
  id: number;
  username: string;
  isAdmin: boolean;
  role: string;
  fullName: string | null;
  avatarUrl: string | null;
  githubUsername: string | null;
}

export interface WebLoadContext {
  /** The CSP nonce of this response, for inline scripts; empty in development (no nonce). */
  nonce: string;
  /** The public address of the site, without a trailing slash (canonical URLs, sitemap, Open Graph). */
  siteUrl: string;
  /** The signed-in user, or null. */
  user: SessionUser | null;
  /** The page is being rendered for the static copy of the site (npm run export:static): no server behind it. */
  staticCopy: boolean;
  /** Who draws generated images: the built-in generator or a configured AI service (AI_PROVIDER). */
  imageGenerator: 'built-in' | 'ai-service';
  /**
   * Set when the page is rendered for the page cache (everybody without a session sees it alike):
   * its code and its loaders' data are fetched only after the page has been painted (ADR 017).
   * `keepData` keeps the data (React Router's hydration stream) on the server and returns the
   * address the page fetches it from. Unset, the page carries its data, its module preloads go
   * at low priority and it hydrates as soon as they arrive.
   */
  startAfterPaint?: { keepData: (state: string) => string };
  /**
   * The rules a page's HTML uses, inlined where its stylesheet was, the stylesheet moved to the end
   * of the body (ADR 029): for an island page, which React never hydrates whole. Unset in
   * development and for a build without the plans.
   */
  inlineCriticalCss?: (html: string) => string;
  /**
   * Set by a page's action whose form was refused because the session had ended (a post without
   * the page's code): its answer and the fields posted, for the dashboard, which cannot draw its
   * page without a session, to keep and offer again rather than lose on the way to sign in.
   */
  signedOutPost?: { answer: unknown; fields: [string, string][] };
  /**
   * The visit this posted form comes from (a page's action only; never a cached render): where it
   * came from, kept with a quote request or a sign-up, and its bot-check token for a form sent
   * without one (a person who has been on the site the usual seconds needs no extra press).
   */
  visit?: {
    source: LeadSource | null;
    formToken(form: 'comment' | 'contribution' | 'endorsement', scope: string): string | undefined;
    /** The form went through: the visit's token is spent, and the next form waits its own seconds. */
    spent(): void;
  };
  /**
   * `src` as the page draws it: one of the site's own small SVG illustrations (a post's cover, a
   * project's picture) as a data: address the HTML carries, so the largest paint needs no second
   * request; any other image's own address.
   */
  inlineImage(src: string): Promise<string>;
  /**
   * A public GET of the site's own API, answered in process by the same route,
   * cache and response schema as over HTTP: the parsed JSON, or null for a 404.
   */
  readApi<T>(path: string): Promise<T | null>;
  /**
   * A GET of the site's own API as this request (its session cookie included), never shared with
   * another render: what only the signed-in owner, or the holder of a preview link, may read.
   */
  readOwnApi<T>(path: string): Promise<T | null>;
  /**
   * A call (a write, or a read that counts against the visitor's limits) to the site's own API as this request: the visitor's address and session cookie,
   * answered in process by the same route, rules and limits as over HTTP. What a form posted
   * without JavaScript goes through (the page's action), so both paths share every check.
   */
  sendApi(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    /** With a body already encoded (a stream of bytes): its content type, such as multipart with its boundary. */
    contentType?: string,
  ): Promise<ApiAnswer>;
}

/** The site's own API's answer to `sendApi`: its status, parsed JSON body and any cookies it set. */
export interface ApiAnswer {
  status: number;
  body: unknown;
  /** `Set-Cookie` values, for the page's response (a sign-in's session). */
  cookies: string[];
}

/**
 * The id of an island page's state (JSON) in its document (ADR 023): the page that carries it has
 * no router in the browser, so each of its links loads a new document (the server's CSP reads it).
 */
export const ISLAND_PAGE_ID = 'island-page';

/**
 * Asked by an island's post (web/islands/island.tsx) with the value `json`: the page's action
 * answers as JSON (`FormAnswerReply`) instead of the page's HTML, through the same action.
 */
export const FORM_ANSWER_HEADER = 'x-form-answer';

/**
 * The page's action answered to an island: the action's data (a refusal, a step) and the status
 * the page would have had, or where its redirect goes. Always sent as a 200 (a refusal is an
 * answer, not a failed request: the browser logs no error for it).
 */
export interface FormAnswerReply {
  answer?: unknown;
  status?: number;
  redirect?: string;
}
