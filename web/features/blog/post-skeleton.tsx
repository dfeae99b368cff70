/** The shape of a post page while it loads (a client-side navigation to a post). */
export function PostSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading post"
      data-testid="post-skeleton"
      className="mx-auto max-w-3xl animate-pulse px-4 py-12"
    >
      <div className="h-4 w-24 rounded bg-muted" />
      <div className="mt-6 h-10 w-4/5 rounded bg-muted" />
      <div className="mt-4 h-4 w-1/2 rounded bg-muted" />
      <div className="mt-8 h-[300px] rounded-lg bg-muted" />
      <div className="mt-10 space-y-3">
        <div className="h-4 rounded bg-muted" />
        <div className="h-4 rounded bg-muted" />
        <div className="h-4 w-2/3 rounded bg-muted" />
      </div>
    </div>
  );
}
