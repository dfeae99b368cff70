/**
 * The site's named, typed events within one process. A write announces what changed; whatever must
 * follow it (the page cache, the loaders' read memo, the feeds, the scheduled publisher, a
 * post's comment list, the newsletter) subscribes in its own file, so no wiring file has to know
 * both ends. Cache invalidation is one event among them, for caches only: a domain that must act
 * on a change (the newsletter on a new post) listens to that domain's own event.
 */

export interface SiteEventMap {
  /**
   * Something a visitor without a session can read changed, by a write in this process or in
   * another one sharing the database (the cache bus): the read-cache key prefixes it touched
   * ('' for everything).
   */
  'public-content-changed': [prefixes: string[]];
  /** A post was edited, published, taken down or deleted (its comment list is read afresh). */
  'post-changed': [postId: number];
  /**
   * A post went live in this process: published by the owner (or an import) with no time or a past
   * one, or a scheduled post whose time came (the publisher). The newsletter announces it.
   */
  'post-published': [post: PublishedPost];
  /** The owner answered a comment (`commentId`) with `replyId` in this process (a fediverse reply's goes back). */
  'comment-answered': [answer: { replyId: number; commentId: number }];
  /** Newsletter deliveries were queued in this process (its sender starts on them at once). */
  'newsletter-queued': [issueId: number];
}

/** What 'post-published' tells of the post. */
export interface PublishedPost {
  id: number;
  slug: string;
  title: string;
  publishedAt: Date;
}

type Listener<K extends keyof SiteEventMap> = (...args: SiteEventMap[K]) => void;

export class SiteEvents {
  readonly #listeners = new Map<keyof SiteEventMap, unknown[]>();

  /** Calls `listener` on every `name` from now on; returns the way to stop. */
  on<K extends keyof SiteEventMap>(name: K, listener: Listener<K>): () => void {
    const list = this.#listeners.get(name) ?? [];
    this.#listeners.set(name, list);
    list.push(listener);
    return () => {
      const at = list.indexOf(listener);
      if (at >= 0) list.splice(at, 1);
    };
  }

  /** Tells every listener, in the order they subscribed; one that throws does not stop the rest. */
  emit<K extends keyof SiteEventMap>(name: K, ...args: SiteEventMap[K]): void {
    let failure: unknown;
    for (const listener of [...(this.#listeners.get(name) ?? [])] as Listener<K>[]) {
      try {
        listener(...args);
      } catch (error) {
        failure ??= error;
      }
    }
    if (failure !== undefined) throw failure;
  }
}
