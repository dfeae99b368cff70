import type { Profile, SocialLink } from '../../../common/schemas/content.ts';
import { Button } from '../../ui/button.tsx';
import { SocialLinks } from '../../ui/social-links.tsx';
import { ParticleCanvas } from './particle-canvas.tsx';
import { TypingText } from './typing-text.tsx';

/** #home: greeting, title, typing phrases, the two calls to action and the social icons. */
export function Hero({ profile, socialLinks }: { profile: Profile; socialLinks: SocialLink[] }) {
  return (
    <section id="home" className="relative isolate overflow-hidden border-b border-border">
      <ParticleCanvas />
      <div className="mx-auto flex min-h-[calc(100svh-4rem)] max-w-6xl flex-col justify-center px-4 py-20">
        <h1 className="text-4xl font-bold tracking-tight sm:text-6xl">
          Hello, I'm <span className="text-primary">{profile.name}</span>
        </h1>
        <p className="mt-4 text-xl font-semibold sm:text-2xl">{profile.title}</p>
        {/* Every phrase, invisible, in the same cell: the line is as tall as the tallest at any
            width, so the text below never moves while phrases are typed and deleted. */}
        <p className="mt-3 grid text-lg text-muted-foreground sm:text-xl">
          {profile.typingPhrases.map((phrase) => (
            <span key={phrase} aria-hidden="true" className="invisible col-start-1 row-start-1">
              {phrase}&nbsp;
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
    </section>
  );
}
