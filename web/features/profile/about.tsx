import type { Profile } from '../../../common/schemas/content.ts';
import { withBase } from '../../lib/base.ts';
import { paths } from '../../lib/paths.ts';
import { Button } from '../../ui/button.tsx';
import { Briefcase, GraduationCap } from '../../ui/icons.tsx';
import { Link } from '../../ui/link.tsx';

function Timeline({
  title,
  icon,
  items,
}: {
  title: string;
  icon: React.ReactNode;
  items: Profile['education'];
}) {
  return (
    <div>
      <h3 className="flex items-center gap-2 text-xl font-semibold">
        {icon}
        {title}
      </h3>
      <ol className="mt-4 space-y-4 border-l border-border pl-5">
        {items.map((item) => (
          <li key={`${item.title}-${item.place}`}>
            <p className="font-semibold">{item.title}</p>
            <p className="text-sm text-muted-foreground">{`${item.place} · ${item.period}`}</p>
            {item.description && <p className="mt-1 text-sm">{item.description}</p>}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** #about: the owner's story, education, experience, the resume link and the photo. */
export function About({ profile }: { profile: Profile }) {
  return (
    <section id="about" aria-labelledby="about-heading" className="later mx-auto max-w-6xl px-4 py-20">
      <div className="grid gap-10 md:grid-cols-[minmax(0,1fr)_18rem] md:items-start">
        <div>
          <h2 id="about-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            About Me
          </h2>
          {profile.about.map((paragraph) => (
            <p key={paragraph} className="mt-4 leading-7 text-muted-foreground">
              {paragraph}
            </p>
          ))}
          <Button asChild className="mt-6">
            <Link to={paths.resume} data-cta>
              Download Resume
            </Link>
          </Button>
        </div>
        <figure className="mx-auto w-56 md:w-full">
          <img
            src={withBase(profile.profileImage)}
            alt={`Portrait of ${profile.name}`}
            width={288}
            height={288}
            loading="lazy"
            className="aspect-square w-full rounded-2xl border border-border object-cover"
          />
          <figcaption className="mt-3 text-center font-semibold">{profile.name}</figcaption>
        </figure>
      </div>
      <div className="mt-12 grid gap-10 md:grid-cols-2">
        <Timeline
          title="Education"
          icon={<GraduationCap className="h-5 w-5 text-primary" />}
          items={profile.education}
        />
        <Timeline
          title="Experience"
          icon={<Briefcase className="h-5 w-5 text-primary" />}
          items={profile.experience}
        />
      </div>
    </section>
  );
}
