import type { BookingStatus } from '../../../common/schemas/booking.ts';
import type { Claims, Profile, SocialLink } from '../../../common/schemas/content.ts';
import { paths } from '../../lib/paths.ts';
import { AvailableBadge } from '../../ui/available-badge.tsx';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { SocialLinks } from '../layout/social-links.tsx';
import { ParticleCanvas } from './particle-canvas.tsx';
import { TypingText } from './typing-text.tsx';

/** The proof beside the offer: the figures the site's texts claim (content/profile.ts). */
function AtAGlance({ claims }: { claims: Claims }) {
  const figures = [
    [claims.yearsOfExperience, 'years of experience'],
    [String(claims.smallBusinesses), 'small businesses served'],
    [claims.users, 'people use tools I built'],
    [claims.projectsIn2024, 'projects delivered in 2024'],
    // The last, the business's own result, spans the card below a rule, in the accent.
    [claims.leadShare, 'of the leads at my repair and locksmith shop come through the site I built'],
  ] as const;
  const last = figures.length - 1;
  return (
    <section
      aria-labelledby="at-a-glance"
      data-keep-clear="narrow"
      className="relative overflow-hidden rounded-2xl border border-border bg-card p-6 shadow-[0_1px_0_0_var(--border),0_24px_48px_-24px_rgb(0_0_0/0.35)] sm:p-8"
    >
      {/* A trace along the card's edge, ending in a pad: the electronics half of the trade. */}
      <svg
        aria-hidden="true"
        viewBox="0 0 200 40"
        className="absolute right-0 top-0 h-10 w-32 text-accent/70 sm:w-48"
      >
        <path d="M0 8h120l16 16h64" fill="none" stroke="currentColor" strokeWidth="2" />
        <circle cx="120" cy="8" r="4" fill="currentColor" />
      </svg>
      <h2 id="at-a-glance" className="text-sm font-semibold uppercase tracking-[0.18em] text-accent">
        At a glance
      </h2>
      <dl className="mt-5 grid grid-cols-2 gap-x-6 gap-y-6">
        {figures.map(([value, label], index) => (
          <div
            key={label}
            className={cn(
              'flex flex-col-reverse justify-end gap-1',
              index === last && 'col-span-2 border-t border-border pt-5',
            )}
          >
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd
              className={cn(
                'font-display text-4xl font-bold tracking-tight sm:text-5xl',
                index === last ? 'text-primary' : 'text-foreground',
              )}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** #home: the availability badge, greeting, title, typing phrases, the calls to action, the social icons and the proof. */
export function Hero({
  profile,
  socialLinks,
  claims,
  booking,
}: {
  profile: Profile;
  socialLinks: SocialLink[];
  claims: Claims;
  booking: BookingStatus | null;
}) {
  return (
    <section id="home" className="relative isolate overflow-hidden border-b border-border">
      <ParticleCanvas />
      <div className="mx-auto grid min-h-[calc(100svh-4rem)] max-w-6xl items-center gap-12 px-4 py-12 sm:py-20 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,0.85fr)]">
        <div>
          <AvailableBadge status={booking} className="mb-5" />
          <h1 data-keep-clear="narrow" className="text-4xl font-bold tracking-tight sm:text-6xl">
            Hello, I'm <span className="text-primary">{profile.name}</span>
          </h1>
          <p className="mt-4 font-display text-xl font-semibold sm:text-2xl">{profile.title}</p>
          {/* Every phrase, invisible, in the same cell: the line is as tall as the tallest at any
              width, so the text below never moves while phrases are typed and deleted. */}
          <p className="mt-3 grid text-lg text-muted-foreground sm:text-xl">
            {profile.typingPhrases.map((phrase) => (
              <span key={phrase} aria-hidden="true" className="invisible col-start-1 row-start-1">
                {`${phrase}\u00a0`}
              </span>
            ))}
            <span className="col-start-1 row-start-1">
              <TypingText phrases={profile.typingPhrases} />
            </span>
          </p>
          <p className="mt-4 max-w-2xl text-base text-muted-foreground sm:text-lg">{profile.description}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <a href="#projects" data-cta>
                View My Work
              </a>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href="#contact" data-cta>
                Get In Touch
              </a>
            </Button>
            {booking?.open && (
              <Button asChild size="lg" variant="secondary">
                <a href={paths.bookACall} data-cta>
                  Book a call
                </a>
              </Button>
            )}
          </div>
          <div className="mt-10">
            <p className="text-sm font-medium text-muted-foreground">Connect with me</p>
            <SocialLinks
              links={socialLinks}
              label="Connect with me"
              className="mt-3"
              linkClassName="h-11 w-11 border border-border bg-background/80"
            />
          </div>
        </div>
        <AtAGlance claims={claims} />
      </div>
    </section>
  );
}
