import { lazy, Suspense } from 'react';
import type { BookingStatus } from '../../../common/schemas/booking.ts';
import type { ContactInfo, SocialLink } from '../../../common/schemas/content.ts';
import { paths } from '../../lib/paths.ts';
import { AvailableBadge } from '../../ui/available-badge.tsx';
import { Award, Clock, LifeBuoy, Mail, MapPin, Phone } from '../../ui/icons.tsx';
import { SocialLinks } from '../layout/social-links.tsx';
import { useStaticCopy } from '../layout/static-copy.ts';
import { QuoteForm } from './quote-form.tsx';

// Only the static copy shows the notice: the live site never loads it.
const StaticNotice = lazy(() =>
  import('../layout/static-notice.tsx').then((m) => ({ default: m.StaticNotice })),
);

const PLATFORM_NAMES: Record<string, string> = {
  github: 'GitHub',
  linkedin: 'LinkedIn',
  twitter: 'Twitter',
  email: 'Email',
};

const VALUES = [
  {
    title: 'Expert Craftsmanship',
    text: 'Clean, tested code and careful design, built to be maintained for years.',
    icon: Award,
  },
  {
    title: 'On-Time Delivery',
    text: 'Clear milestones and honest estimates, with progress you can see every week.',
    icon: Clock,
  },
  {
    title: 'Ongoing Support',
    text: 'Hosting, fixes and improvements after launch, from the person who built it.',
    icon: LifeBuoy,
  },
];

/** #contact: why work with me, the quote form, and how to reach me. */
export function ContactSection({
  contactInfo,
  socialLinks,
  booking,
}: {
  contactInfo: ContactInfo;
  socialLinks: SocialLink[];
  booking: BookingStatus | null;
}) {
  const staticCopy = useStaticCopy();
  return (
    <section id="contact" aria-labelledby="contact-heading" className="mx-auto max-w-6xl px-4 py-20">
      <h2 id="contact-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
        WORK WITH ME
      </h2>
      <p className="mt-3 max-w-2xl text-muted-foreground">
        Tell me about your project and I'll reply within 24 hours with next steps and a fair estimate.
      </p>
      <AvailableBadge status={booking} className="mt-4" />
      {booking?.open && (
        <p className="mt-4 text-muted-foreground">
          {'Prefer to talk first? '}
          <a href={paths.bookACall} className="font-medium text-primary underline underline-offset-4">
            Book a call
          </a>
          {' at a time that suits you.'}
        </p>
      )}
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {VALUES.map(({ title, text, icon: Icon }) => (
          <li key={title} className="rounded-lg border border-border bg-card p-6">
            <Icon aria-hidden="true" className="h-8 w-8 text-primary" />
            <h3 className="mt-3 text-lg font-semibold">{title}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
      <div className="mt-12 grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        {staticCopy ? (
          <Suspense>
            <StaticNotice feature="The quote form" />
          </Suspense>
        ) : (
          <QuoteForm />
        )}
        <aside aria-labelledby="contact-info-heading" className="space-y-8">
          <div>
            <h3 id="contact-info-heading" className="text-xl font-semibold">
              Contact Information
            </h3>
            <ul className="mt-4 space-y-3 text-sm">
              <li className="flex items-center gap-3">
                <Mail className="h-4 w-4 text-primary" />
                <a href={`mailto:${contactInfo.email}`} className="hover:underline">
                  {contactInfo.email}
                </a>
              </li>
              <li className="flex items-center gap-3">
                <MapPin className="h-4 w-4 text-primary" />
                {contactInfo.location}
              </li>
              <li className="flex items-center gap-3">
                <Phone className="h-4 w-4 text-primary" />
                <a href={`tel:${contactInfo.phone.replace(/[^\d+]/g, '')}`} className="hover:underline">
                  {contactInfo.phone}
                </a>
              </li>
            </ul>
          </div>
          <div>
            <h3 className="text-xl font-semibold">Connect With Me</h3>
            <SocialLinks
              links={socialLinks}
              label="Connect With Me"
              className="mt-4"
              linkClassName="h-11 w-11 border border-border"
              names={PLATFORM_NAMES}
            />
          </div>
        </aside>
      </div>
    </section>
  );
}
