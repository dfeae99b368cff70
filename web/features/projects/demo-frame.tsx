import { type ReactNode, useEffect, useRef, useState } from 'react';
import { DEFAULT_FRAME_HEIGHT, MIN_FRAME_HEIGHT } from '../../../common/constants.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { ExternalLink, Maximize2, Minimize2, MonitorX, RotateCw } from '../../ui/icons.tsx';

/** A demo that has not loaded in this long gets the fallback: the site is down, slow or refuses frames. */
export const DEMO_LOAD_TIMEOUT_MS = 8_000;

/**
 * Whether a demo's site answers at all (issue 65): a browser shows its own error page in a frame
 * whose site cannot be reached and fires `load` all the same, telling the page nothing. A no-cors
 * request to the same address fails only when the site cannot be reached (its answer, opaque, is
 * never read); the page's CSP lets it reach the demos' origins (`connect-src`).
 */
export async function demoAnswers(url: string): Promise<boolean> {
  try {
    await fetch(url, {
      mode: 'no-cors',
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * A project's site in a sandboxed frame: a loading overlay until the frame has
 * loaded (and again after a refresh), refresh, fullscreen (following the
 * browser's own fullscreen changes) and open in a new tab. Height from the
 * project's demo settings, 600 px by default, never below 400 px. The frame is made only once the
 * panel comes near the screen: a demo's site is not contacted for a visitor who never scrolls to
 * it. A frame that has not loaded within 8 s gives way to a fallback with 'Open in new tab' (a
 * browser shows its own error page for a site that refuses frames, and tells the
 * page nothing; the toolbar's new-tab link is there for that case), and so does a site that cannot
 * be reached (demoAnswers). A site the server found
 * refusing frames (server/modules/projects/framing.ts) gets that fallback at once, in the HTML,
 * and no frame at all. Without JavaScript the panel offers the demo in a tab of its own (a media
 * query, `scripting`), never a 'Loading demo...' that nothing would end.
 */
export function DemoFrame({
  url,
  title,
  height,
  refusesFraming = false,
}: {
  url: string;
  title: string;
  height?: number | undefined;
  /** The server found that the site refuses to be framed here: the fallback at once, no frame. */
  refusesFraming?: boolean | undefined;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [loading, setLoading] = useState(true);
  const [timedOut, setTimedOut] = useState(false);
  // Whether the site answered this try: null until it has said.
  const [reachable, setReachable] = useState<boolean | null>(null);
  const [version, setVersion] = useState(0);
  const [fullscreen, setFullscreen] = useState(false);
  // The frame is created in the browser only: a frame the server rendered could finish loading
  // before React attaches its load handler, leaving the overlay up for good.
  const mounted = useHydrated();
  const frameHeight = Math.max(MIN_FRAME_HEIGHT, height ?? DEFAULT_FRAME_HEIGHT);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === container.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  // The frame loads lazily, once it comes near the screen: its 8 s count from then, not from when
  // the page opened (a visitor reading the case study first would find the fallback waiting).
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    if (!mounted || !near || !loading || refusesFraming) return;
    const timer = setTimeout(() => setTimedOut(true), DEMO_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [mounted, near, loading, refusesFraming]);
  // Each try of the frame asks once whether the site answers at all.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a refresh or 'Try again' (version) asks again
  useEffect(() => {
    if (!mounted || !near || refusesFraming) return;
    let current = true;
    void demoAnswers(url).then((answers) => {
      if (current) setReachable(answers);
    });
    return () => {
      current = false;
    };
  }, [mounted, near, refusesFraming, url, version]);

  const reload = () => {
    setLoading(true);
    setTimedOut(false);
    setReachable(null);
    setVersion((v) => v + 1);
  };
  const unreachable = reachable === false;
  // Loaded means the frame loaded and its site answered: an error page loads too.
  const waiting = (loading || reachable === null) && !unreachable;

  const toggleFullscreen = async () => {
    if (document.fullscreenElement) await document.exitFullscreen();
    else await container.current?.requestFullscreen();
  };

  return (
    <div
      ref={container}
      className="flex flex-col overflow-hidden rounded-lg border border-border bg-background"
    >
      <div className="flex items-center gap-1 border-b border-border px-3 py-2">
        <span className="mr-auto truncate text-sm text-muted-foreground">{url}</span>
        {/* Buttons that only the page's code can work: not shown without it. */}
        <div className="hidden scripting:contents">
          <Button
            variant="ghost"
            size="icon"
            aria-label="Refresh demo"
            onClick={reload}
            disabled={refusesFraming}
          >
            <RotateCw className="h-4 w-4" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={fullscreen ? 'Exit fullscreen' : 'Fullscreen'}
            aria-pressed={fullscreen}
            onClick={() => void toggleFullscreen()}
          >
            {fullscreen ? <Minimize2 className="h-4 w-4" /> : <Maximize2 className="h-4 w-4" />}
          </Button>
        </div>
        <Button asChild variant="ghost" size="icon">
          <a href={url} target="_blank" rel="noopener noreferrer" aria-label="Open demo in a new tab">
            <ExternalLink className="h-4 w-4" />
          </a>
        </Button>
      </div>
      <div
        className={fullscreen ? 'relative w-full flex-1' : 'relative w-full'}
        style={{ height: fullscreen ? undefined : frameHeight }}
      >
        {refusesFraming && (
          <DemoNotice role="note" url={url} title="This demo opens in its own tab">
            The site does not allow being shown inside another page, so it is not loaded here. Open it in a
            tab of its own to try it.
          </DemoNotice>
        )}
        {!refusesFraming && waiting && !timedOut && (
          <div
            role="status"
            // Only where scripts run: without them nothing would ever end it.
            className="absolute inset-0 hidden items-center justify-center bg-muted text-sm text-muted-foreground scripting:flex"
          >
            Loading demo...
          </div>
        )}
        {!refusesFraming && (unreachable || (waiting && timedOut)) && (
          <DemoNotice
            role="alert"
            url={url}
            title={
              unreachable ? 'The demo cannot be reached right now' : 'The demo is taking too long to load'
            }
            onRetry={reload}
          >
            {unreachable
              ? 'Its site did not answer. It may be down for a moment; try again, or open it in a tab of its own.'
              : 'The site may be busy, or it may not allow being shown inside another page. It works best in a tab of its own.'}
          </DemoNotice>
        )}
        {mounted && near && !refusesFraming && !unreachable && (
          <iframe
            key={version}
            src={url}
            title={`${title} live demo`}
            sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
            allow="fullscreen"
            onLoad={() => setLoading(false)}
            className="h-full w-full border-0"
            style={{ minHeight: MIN_FRAME_HEIGHT }}
          />
        )}
        {/* Without JavaScript nothing would watch the frame: the demo opens in a tab of its own. */}
        {!mounted && !refusesFraming && (
          <DemoNotice url={url} title="Try the live demo" icon={ExternalLink} className="scripting:hidden">
            The demo is shown here when JavaScript is on. It works just as well in a tab of its own.
          </DemoNotice>
        )}
      </div>
    </div>
  );
}

/** What the panel shows instead of the frame: why, 'Open in new tab', and 'Try again' when it may help. */
function DemoNotice({
  url,
  title,
  role,
  icon: Icon = MonitorX,
  onRetry,
  className,
  children,
}: {
  url: string;
  title: string;
  role?: 'note' | 'alert';
  icon?: typeof MonitorX;
  onRetry?: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role={role}
      className={cn(
        'absolute inset-0 z-10 flex flex-col items-center justify-center gap-3 bg-muted p-6 text-center',
        className,
      )}
    >
      <Icon className="h-10 w-10 text-muted-foreground" />
      <h3 className="text-lg font-semibold">{title}</h3>
      <p className="max-w-sm text-sm text-muted-foreground">{children}</p>
      <div className="mt-1 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <a href={url} target="_blank" rel="noopener noreferrer">
            <ExternalLink className="h-4 w-4" />
            Open in new tab
          </a>
        </Button>
        {onRetry && (
          <Button variant="outline" onClick={onRetry}>
            <RotateCw className="h-4 w-4" />
            Try again
          </Button>
        )}
      </div>
    </div>
  );
}
