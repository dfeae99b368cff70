/**
 * Business constants from the product specification (section 9) shared by the
 * server and the browser. Option lists are tuples so zod enums can be built from them.
 */

/**
 * The API's answer to a call that needs a session and came without one (401): never signed in, or
 * signed out since (elsewhere, or the session ran out). A page's action tells a form so by it.
 */
export const SIGN_IN_REQUIRED = 'Authentication required';

/** The link that opens the sign-in page beside a page whose session ended. */
export const SIGN_IN_AGAIN = 'Sign in again (opens a new tab)';

/**
 * What the owner's browser shows for a form with files sent after the session ended: larger than
 * any form, it is not read from someone signed out (server/plugins/web-form-posts.ts).
 */
export const SIGNED_OUT_WITH_FILES =
  'You were signed out, so this did not go through. Sign in again in a new tab (below), then go back to the page and press the button again (choose the files again if they are gone).';

export const PROJECT_IDS = [
  'keycode-help',
  'portfolio-website',
  'stackzen',
  'inventory-management',
  'gatherly',
  'ssi-met-repairs',
  'web-development-services',
] as const;

export const PROJECT_CATEGORIES = ['web', 'business', 'service'] as const;
export const DEMO_TYPES = ['iframe', 'github', 'video', 'custom', 'none'] as const;

export const SKILL_CATEGORIES = ['frontend', 'backend', 'devops'] as const;
export const DEFAULT_SKILL_PERCENTAGE = 50;
export const DEFAULT_SKILL_NAME = 'Unknown Skill';
export const MIN_RATING = 1;
export const MAX_RATING = 5;
export const DEFAULT_RATING = 5;
export const RECENT_ENDORSEMENTS_SHOWN = 3;
/** Tags of a post or guest post: at most this many, each at most this long (the blog's filter too). */
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 40;

export const PROJECT_TYPES = ['website', 'webapp', 'ecommerce', 'mobile', 'custom', 'other'] as const;
export const BUDGETS = ['1-2k', '2-5k', '5-10k', '10k+', 'flexible'] as const;
export const TIMEFRAMES = ['asap', '1month', '3months', 'flexible'] as const;
export const RESUME_PURPOSES = ['job_opportunity', 'freelance_project', 'networking', 'other'] as const;

/** Where a quote request stands in the owner's pipeline, in order. */
export const QUOTE_STAGES = ['new', 'replied', 'proposal', 'won', 'lost'] as const;
export type QuoteStage = (typeof QUOTE_STAGES)[number];
/** How a lead came: a quote request, or a booked call that started it (issue 49). */
export const LEAD_ORIGINS = ['quote', 'call'] as const;
export type LeadOrigin = (typeof LEAD_ORIGINS)[number];
export const QUOTE_STAGE_LABELS: Record<QuoteStage, string> = {
  new: 'New',
  replied: 'Replied',
  proposal: 'Proposal sent',
  won: 'Won',
  lost: 'Lost',
};
/** The site promises a reply to a quote request within this many hours (spec: quote promise). */
export const REPLY_PROMISE_HOURS = 24;
/** The most a quote can be worth, in whole dollars (a typo guard). */
export const MAX_QUOTE_VALUE_USD = 10_000_000;

export const EXPERIENCE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export const RECOMMENDATION_PURPOSES = ['learning', 'portfolio', 'hiring', 'collaboration', 'other'] as const;
export const IMAGE_SIZES = ['1024x1024', '1024x1792', '1792x1024'] as const;
export const IMAGE_QUALITIES = ['standard', 'hd'] as const;
/** Images one user may generate per hour (POST /api/images/generate). */
export const IMAGES_PER_HOUR = 20;

export const WORDS_PER_MINUTE = 200;
export const MAX_TAGS_IN_LIST = 3;
export const SEO_DESCRIPTION_LENGTH = 160;
export const DEFAULT_GITHUB_BRANCH = 'main';
export const DEFAULT_FRAME_HEIGHT = 600;
export const MIN_FRAME_HEIGHT = 400;

export const USERNAME_MIN = 3;
export const PASSWORD_MIN = 6;
export const IMAGE_PROMPT_MIN = 10;

export const STORAGE_KEYS = {
  theme: 'portfolio-theme',
  immersive: 'isImmersiveMode',
} as const;

/**
 * Host names that mark a static copy of the site (no server): when the page's
 * host contains one, the web app reads data from browser storage and JSON files.
 */
export const DEFAULT_STATIC_HOST_MARKERS = [
  'github.io',
  'netlify.app',
  'pages.dev',
  'vercel.app',
  'gitlab.io',
] as const;

/** Screen widths of the analytics' device groups (CSS pixels, as the page reports them). */
export const TABLET_MIN_WIDTH = 768;
export const DESKTOP_MIN_WIDTH = 1024;

/**
 * The public forms' bot check (server/lib/form-token.ts): a form sent back sooner than this after
 * its token was issued is a bot's, and a token is valid this long. The browser waits out the first.
 */
export const MIN_FORM_FILL_MS = 3000;
export const FORM_TOKEN_TTL_MS = 6 * 60 * 60 * 1000;

/**
 * A testimonial request's life: asked (link given), submitted (waiting for the owner), approved
 * (on the site), withdrawn (by the client, through the same link).
 */
export const TESTIMONIAL_STATUSES = ['requested', 'submitted', 'approved', 'withdrawn'] as const;
export type TestimonialStatus = (typeof TESTIMONIAL_STATUSES)[number];

/** What a person types in a public form's verification field (its bot check). */
export const VERIFICATION_PHRASE = 'not-a-robot';

/** Sign-in links by email (server/modules/auth/sign-in-links.ts): the answer to asking for one, whatever the name. */
export const SIGN_IN_LINK_SENT =
  'If that account has an email address, a sign-in link is on its way to it. The link works once, within 15 minutes.';
/** A link that expired or was used. */
export const SIGN_IN_LINK_SPENT =
  'This sign-in link has expired or was already used. Ask for a new one on the sign-in page.';
/** The sign-in page's parameter that holds a mailed link's token (/auth?link=…). */
export const SIGN_IN_LINK_PARAM = 'link';

/**
 * On <html>: the page laid out whole before a jump to an anchor (web/lib/laid-out.ts). Set in the
 * browser only, so the build keeps its rule in every page's critical CSS (scripts/critical-css.ts).
 */
export const LAID_OUT_ATTRIBUTE = 'data-laid-out';
