/**
 * Whether each project's demo lets this site show it in a frame. A site that sends
 * `X-Frame-Options` or a CSP `frame-ancestors` refusing us makes the browser show its own error
 * page in the frame, which still fires `load`: the panel would wait for a demo that never comes.
 * So the server asks each demo address itself (at start and daily, a short timeout, the result
 * kept in memory) and the panel shows the fallback with 'Open in new tab' at once for a demo
 * that refuses. The request carries nothing of any visitor: no cookie, no referrer, its own
 * user agent. An answer that does not come (or an error) is 'unknown': the frame is tried.
 */

export type FramingVerdict = 'allowed' | 'refused' | 'unknown';

export const FRAMING_CHECK_TIMEOUT_MS = 4_000;
export const FRAMING_CHECK_EVERY_MS = 24 * 60 * 60 * 1000;

const defaultPort = (protocol: string) => (protocol === 'https:' ? '443' : protocol === 'http:' ? '80' : '');

/** Whether one `frame-ancestors` source expression lets `site` (an origin) frame `demo`. */
function sourceAllows(source: string, site: URL, demo: URL): boolean {
  const expression = source.toLowerCase();
  if (expression === '*') return site.protocol === 'https:' || site.protocol === 'http:';
  if (expression === "'self'") return site.origin === demo.origin;
  if (expression.startsWith("'")) return false; // 'none' and other keywords allow nobody here
  if (/^[a-z][a-z0-9+.-]*:$/.test(expression)) {
    // A scheme source; http: also allows https: (CSP level 3).
    return expression === site.protocol || (expression === 'http:' && site.protocol === 'https:');
  }
  const match = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*\.)?([^/:]+|\*)(?::(\d+|\*))?(?:\/.*)?$/.exec(expression);
  if (!match) return false;
  const [, scheme, wildcard, host = '', port] = match;
  if (
    scheme &&
    !(scheme === site.protocol.slice(0, -1) || (scheme === 'http' && site.protocol === 'https:'))
  ) {
    return false;
  }
  if (
    !scheme &&
    site.protocol !== demo.protocol &&
    !(demo.protocol === 'http:' && site.protocol === 'https:')
  ) {
    return false;
  }
  const siteHost = site.hostname.toLowerCase();
  const hostMatches = host === '*' || (wildcard ? siteHost.endsWith(`.${host}`) : siteHost === host);
  if (!hostMatches) return false;
  const sitePort = site.port || defaultPort(site.protocol);
  if (port === '*') return true;
  // No port: the default one of the scheme (an http: source also matches https: on 443).
  if (port === undefined) return sitePort === defaultPort(site.protocol);
  return port === sitePort;
}

/**
 * What a demo's answer headers say about being framed by `siteOrigin`. A CSP `frame-ancestors`
 * decides when there is one (browsers then ignore X-Frame-Options); otherwise X-Frame-Options:
 * DENY refuses, SAMEORIGIN refuses another origin, anything else (ALLOW-FROM, which browsers no
 * longer read) does not.
 */
export function framingVerdict(headers: Headers, siteOrigin: string, demoUrl: string): 'allowed' | 'refused' {
  const site = new URL(siteOrigin);
  const demo = new URL(demoUrl);
  // Several policies arrive joined by commas; the frame must pass every one that speaks.
  const policies = (headers.get('content-security-policy') ?? '').split(',');
  const ancestors = policies
    .map((policy) =>
      policy
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .find(([name]) => name?.toLowerCase() === 'frame-ancestors'),
    )
    .filter((directive): directive is string[] => directive !== undefined);
  if (ancestors.length > 0) {
    const allowed = ancestors.every((directive) =>
      directive.slice(1).some((source) => sourceAllows(source, site, demo)),
    );
    return allowed ? 'allowed' : 'refused';
  }
  const frameOptions = (headers.get('x-frame-options') ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  if (frameOptions === 'deny') return 'refused';
  if (frameOptions === 'sameorigin') return site.origin === demo.origin ? 'allowed' : 'refused';
  return 'allowed';
}

export interface FramingChecks {
  /** Asks every demo now; resolves when all have answered or timed out. */
  checkAll(): Promise<void>;
  /** The last verdict for a demo address ('unknown' before the first check). */
  verdict(url: string): FramingVerdict;
  /** Goes up by one whenever a verdict changes: what answers made from them compare. */
  readonly version: number;
  /** Checks now, then every day, until `stop`. */
  start(): void;
  stop(): void;
}

export function createFramingChecks(options: {
  /** The demo addresses to check (absolute http(s) URLs of other sites). */
  urls: string[];
  /** This site's origin: what the demo must let frame it. */
  siteOrigin: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Called when a verdict changed, so cached answers and pages are made again. */
  onChange?: () => void;
  onError?: (error: unknown) => void;
}): FramingChecks {
  const { siteOrigin, timeoutMs = FRAMING_CHECK_TIMEOUT_MS } = options;
  const get = options.fetch ?? fetch;
  const urls = [...new Set(options.urls.filter((url) => /^https?:\/\//.test(url)))];
  const verdicts = new Map<string, FramingVerdict>();
  let version = 0;
  let timer: ReturnType<typeof setInterval> | undefined;

  const checkOne = async (url: string): Promise<FramingVerdict> => {
    try {
      const response = await get(url, {
        method: 'GET',
        redirect: 'follow',
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
        headers: { 'user-agent': 'portfolio-demo-frame-check', accept: 'text/html' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      // The headers decide; the page itself is not read.
      await response.body?.cancel().catch(() => undefined);
      return framingVerdict(response.headers, siteOrigin, response.url || url);
    } catch {
      return 'unknown';
    }
  };

  const checks: FramingChecks = {
    async checkAll() {
      const results = await Promise.all(urls.map(async (url) => [url, await checkOne(url)] as const));
      let changed = false;
      for (const [url, verdict] of results) {
        // A demo that did not answer this time keeps what it said last time.
        if (verdict === 'unknown' && verdicts.has(url)) continue;
        if (verdicts.get(url) !== verdict) changed = true;
        verdicts.set(url, verdict);
      }
      if (!changed) return;
      version += 1;
      options.onChange?.();
    },
    verdict: (url) => verdicts.get(url) ?? 'unknown',
    get version() {
      return version;
    },
    start() {
      if (timer || urls.length === 0) return;
      const run = () => checks.checkAll().catch((error) => options.onError?.(error));
      void run();
      timer = setInterval(run, FRAMING_CHECK_EVERY_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
  return checks;
}
