import { paths } from '../lib/paths.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { PageHeader } from '../ui/page-header.tsx';
import type { Route } from './+types/privacy';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: rootDataOf(matches).site,
    title: 'Privacy Policy',
    description: 'What this site collects, why, and what it never does with it.',
    path: paths.privacy,
  });

export default function PrivacyPage({ matches }: Route.ComponentProps) {
  const email = rootDataOf(matches).site.email;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <PageHeader title="Privacy Policy" />
      <div className="space-y-4 leading-7">
        <p>
          This site keeps what you send through its forms (quote and contact requests, resume requests,
          comments, guest posts and endorsements) so that I can answer you and moderate what is published. It
          is never sold or shared with third parties.
        </p>
        <p>
          Page views are counted without cookies: the path, the referring site and the screen size. Visitors
          are told apart by a hash that changes every day; IP addresses are not stored with them.
        </p>
        <p>
          Signing in sets one cookie that keeps you signed in; it is removed when you log out. Your theme and
          view-mode choices stay in your own browser.
        </p>
        <p>
          To see or delete what the site holds about you, write to{' '}
          <a href={`mailto:${email}`} className="text-primary underline">
            {email}
          </a>
          .
        </p>
      </div>
    </div>
  );
}
