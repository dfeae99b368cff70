import { LoaderCircle } from './icons.tsx';

/** A spinning indicator with a label for screen readers. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircle className="h-6 w-6 animate-spin text-primary" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
