import type { AnalyticsSettings } from '../../common/schemas/analytics.ts';
import { ANALYTICS_PRIVACY_PATH } from '../lib/api.ts';
import { paths } from '../lib/paths.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { PageHeader } from '../ui/page-header.tsx';
import type { Route } from './+types/privacy';

/** Whether the counting honours Global Privacy Control (the owner's choice); the static copy counts nothing. */
export async function loader({ context }: Route.LoaderArgs) {
  const settings = context.staticCopy
    ? null
    : await context.readApi<AnalyticsSettings>(ANALYTICS_PRIVACY_PATH);
  return { honorGpc: settings?.honorGpc ?? false };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: rootDataOf(matches).site,
    title: 'Privacy Policy',
    description: 'What this site collects, why, and what it never does with it.',
    path: paths.privacy,
  });

export default function PrivacyPage({ matches, loaderData }: Route.ComponentProps) {
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
          Page views are counted without cookies: the path, the referring site, the screen size and the
          country the address belongs to, looked up in a table kept on this server (no one else is asked, and
          only the country is kept). Visitors are told apart by a hash of the address and browser mixed with a
          random value that changes every day and is then deleted, so a hash can never be traced back to you,
          even from the day before; IP addresses are not stored. What matters to the business is counted the
          same way, with the same daily hash: a quote request, a message, a booked call, a resume requested or
          downloaded, a newsletter sign-up, a comment or an endorsement sent, a link followed to GitHub,
          LinkedIn or a project&apos;s live site, and whether the contact form came into view. Within a day
          these show the steps a visit took (read a post, then saw the form, then sent a request), never who
          took them. Bots and the site&apos;s owner are not counted. A quote request keeps where its visit
          came from, the posts it read and its country, and is matched by its email with your earlier requests
          or newsletter sign-up, to learn what first brought you here.
        </p>
        <p>
          {loaderData.honorGpc
            ? 'If your browser sends Global Privacy Control, none of your page views or actions are counted at all.'
            : 'This site does not act on Global Privacy Control at the moment; the counting above keeps nothing that could tell who you are.'}
        </p>
        <p>
          If you subscribe to the newsletter, the site keeps your email address, the first name you gave (if
          any), how often you chose to hear from it, which form you used and how you came to the site (the
          campaign or site that sent you, when there was one), when you subscribed and when you confirmed. No
          IP address is kept with it, and the emails carry no tracking pixels and no rewritten links. Nothing
          is sent before you confirm by the link in the first email. The address is kept while you are
          subscribed. When you unsubscribe (one click in any email) your name and how you came are deleted;
          the address stays, with the dates, only so that it is never added back without you, until you ask
          for it to be deleted too. An address that is never confirmed is deleted after 30 days.
        </p>
        <p>
          Signing in sets one cookie that keeps you signed in; it is removed when you log out. While you
          browse, one more cookie notes how your visit began (the page you arrived on, and the campaign or
          site that sent you, if any) and the last post or project you read, so that a quote request or a
          newsletter sign-up you send can say how you came; it also lets the comment and guest post forms tell
          a person from a script without an extra step. It holds nothing else, is read only by this site, and
          is gone when you close your browser. Your theme and view-mode choices stay in your own browser.
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
