/**
 * The sign-up form wherever it stands (under a post, on /blog, on the home page, in the footer):
 * its code is a chunk of its own, loaded after the page is live, so no page pays for it at the
 * first move. Until it arrives the server's form stands in (it posts to /newsletter by itself).
 */
import { lazy, Suspense } from 'react';
import { ServerStandIn } from '../../ui/server-stand-in.tsx';
import type { SubscribeFormProps } from './subscribe-form.tsx';

const SubscribeForm = lazy(() => import('./subscribe-form.tsx'));

export function NewsletterSignup(props: SubscribeFormProps) {
  return (
    <Suspense fallback={<ServerStandIn formId={`subscribe-${props.place}`} loading={null} />}>
      <SubscribeForm {...props} />
    </Suspense>
  );
}
