/** The newsletter for visitors: its pages, the subscribe call and a subscriber's links (the owner's: owner-api.ts). */

export const newsletterPaths = {
  page: '/newsletter',
  issue: (slug: string) => `/newsletter/${encodeURIComponent(slug)}`,
  confirm: (token: string) => `/newsletter/confirm/${encodeURIComponent(token)}`,
  manage: (token: string) => `/newsletter/unsubscribe/${encodeURIComponent(token)}`,
} as const;

export const newsletterApi = {
  /** Every public read of the newsletter starts so (a send refreshes them all). */
  prefix: '/api/newsletter',
  subscribe: '/api/newsletter/subscribe',
  archive: (page = 1) => `/api/newsletter/issues?page=${page}`,
  issue: (slug: string) => `/api/newsletter/issues/${encodeURIComponent(slug)}`,
  subscription: (token: string) => `/api/newsletter/subscription/${encodeURIComponent(token)}`,
  confirm: '/api/newsletter/confirm',
  resubscribe: '/api/newsletter/resubscribe',
  unsubscribe: '/api/newsletter/unsubscribe',
  cadence: '/api/newsletter/cadence',
} as const;

/** The sign-up form's name in /newsletter's action (every sign-up form on the site posts there). */
export const SUBSCRIBE_FORM = 'subscribe';
