/**
 * Scheduled posts go live on time without a restart. The publisher asks the blog for the next
 * scheduled time, sleeps until then (at most `maxSleepMs` at a time, so a clock change or a post
 * scheduled by another process is seen within a minute), and when that time has come makes every
 * public read afresh: the post appears on the site, in the feeds and in the sitemap, and the blog
 * tells it as 'post-published' (the newsletter announces it). It re-arms
 * after every public-content change (a write here or in another process).
 */

import type { SiteEvents } from '../../lib/site-events.ts';
import type { Timers } from '../../lib/site-module.ts';

export type { Timers };

export interface PublisherOptions {
  /** When the next scheduled post goes live, or null when none waits. */
  nextScheduledAt(): Promise<Date | null>;
  /** Make the posts whose time has come visible (drop every cached public read, tell who listens). */
  publishDue(): void | Promise<void>;
  now?: () => Date;
  timers?: Timers;
  maxSleepMs?: number;
  onError?: (error: unknown) => void;
  /** Re-arms on each of its 'public-content-changed' (a post scheduled, moved or published). */
  events?: Pick<SiteEvents, 'on'>;
}

export function createPublisher({
  nextScheduledAt,
  publishDue,
  now = () => new Date(),
  timers = {
    setTimeout: (run, ms) => setTimeout(run, ms).unref(),
    clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  },
  maxSleepMs = 60_000,
  onError = () => {},
  events,
}: PublisherOptions) {
  let timer: unknown = null;
  let due: Date | null = null;
  let stopped = false;
  let arming: Promise<void> = Promise.resolve();

  const wake = () => {
    timer = null;
    if (due && now() >= due) {
      due = null;
      // publishDue invalidates the reads, which re-arms the publisher for the next post.
      try {
        publishDue()?.catch(onError);
      } catch (error) {
        onError(error);
      }
    }
    void rearm();
  };

  /** Looks up the next scheduled time again and sleeps towards it. */
  function rearm(): Promise<void> {
    arming = arming.then(async () => {
      if (stopped) return;
      try {
        const next = await nextScheduledAt();
        if (timer !== null) timers.clearTimeout(timer);
        timer = null;
        // A post live before this look-up (its time passed while nobody looked) is live already:
        // every read since the write that scheduled it has asked the clock. It is still told
        // (publishDue), or the timer that would have told it is gone with this look-up.
        const missed = due !== null && now() >= due;
        due = next;
        if (missed) await publishDue();
        if (!next || stopped) return;
        const wait = Math.max(0, next.getTime() - now().getTime());
        timer = timers.setTimeout(wake, Math.min(wait, maxSleepMs));
      } catch (error) {
        onError(error);
      }
    });
    return arming;
  }

  events?.on('public-content-changed', () => void rearm());

  return {
    rearm,
    /** When the publisher will next make posts live (null: nothing scheduled). */
    get dueAt() {
      return due;
    },
    stop() {
      stopped = true;
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
    },
  };
}

export type Publisher = ReturnType<typeof createPublisher>;
