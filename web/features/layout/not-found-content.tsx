import { paths } from '../../lib/paths.ts';
import { Link } from '../../ui/link.tsx';

/** The not-found page's content (spec section 2). */
export function NotFoundContent() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p className="mt-4 text-muted-foreground">Did you forget to add the page to the router?</p>
      <Link to={paths.home} className="mt-8 font-medium text-primary underline-offset-4 hover:underline">
        Back to Home
      </Link>
    </div>
  );
}
