/**
 * What a screen shows in place of its data until it has it: a spinner while it loads, then, if
 * it could not, the server's words (or `failed`) as an alert.
 */
import { errorMessage } from '../lib/request.ts';
import { cn } from './cn.ts';
import { Spinner } from './spinner.tsx';

export function LoadState({
  query,
  pending = query?.isPending ?? false,
  error = query?.error,
  loading,
  failed,
  className,
}: {
  /** The read it stands for (its pending state and error), or the two given apart. */
  query?: { isPending: boolean; error: unknown };
  pending?: boolean;
  error?: unknown;
  /** The spinner's name, said to screen readers ('Loading calls'). */
  loading: string;
  /** What to say when the server gave no reason. */
  failed: string;
  className?: string;
}) {
  if (pending) {
    return (
      <div className={cn('flex justify-center py-10', className)} aria-busy="true">
        <Spinner label={loading} />
      </div>
    );
  }
  return (
    <p role="alert" className={cn('text-destructive', className)}>
      {errorMessage(error) ?? failed}
    </p>
  );
}
