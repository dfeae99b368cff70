/**
 * The home page: hero, projects, about, skills, latest posts, contact and
 * testimonials. Owner content and the projects come from content/ through the
 * loader; the skills and posts come from the API: read by the loader into a whole
 * document's HTML, and in the browser on a move to the page (the clientLoader), so
 * their loading states show while they come. The page reads no query cache, and its
 * code carries no query library (ADR 022). Skills and the quote form load as their
 * own chunks.
 */
import type { BlogPostSummary } from '../../common/schemas/blog.ts';
import type { BookingStatus } from '../../common/schemas/booking.ts';
import type { ShownTestimonial } from '../../common/schemas/testimonials.ts';
import { claims, contactInfo, profile, quoteSocialLinks, socialLinks } from '../../content/profile.ts';
import { projects } from '../../content/projects.ts';
import { additionalSkills } from '../../content/skills.ts';
import { BLOG_PATH } from '../features/blog/api.ts';
import { BlogTeaser } from '../features/blog/blog-teaser.tsx';
import { ContactSection } from '../features/contact/contact-section.tsx';
import { quoteForms } from '../features/contact/quote-form.server.ts';
import { ImmersiveHomeExtras } from '../features/immersive/immersive-loader.tsx';
import { SectionTracker } from '../features/layout/active-section.ts';
import { NewsletterSignup } from '../features/newsletter/subscribe-form.tsx';
import { About } from '../features/profile/about.tsx';
import { BOOKING_STATUS_PATH, TESTIMONIALS_PATH } from '../features/profile/api.ts';
import { Hero } from '../features/profile/hero.tsx';
import { Testimonials } from '../features/profile/testimonials.tsx';
import { ProjectsSection, projectFilterOf } from '../features/projects/projects-section.tsx';
import { ENDORSE_FORM, SKILLS_PATH } from '../features/skills/api.ts';
import { endorseForms } from '../features/skills/skills-forms.server.ts';
import { SkillsLoader } from '../features/skills/skills-loader.tsx';
import { isDocumentRequest } from '../lib/document-request.ts';
import { DONE_PARAM } from '../lib/form-post.ts';
import { requestJson } from '../lib/request.ts';
import { formAction } from '../lib/route-form.server.ts';
import {
  fediverseMeta,
  firstPaintUntil,
  pageMeta,
  personLd,
  rootDataOf,
  testimonialsLd,
} from '../lib/seo.ts';
import type { Route } from './+types/home';

/** The quote form, and the skills' endorsement dialog, posted with the page's code or without it (ADR 018). */
export const action = formAction({
  ...quoteForms,
  ...endorseForms(() => `/?${DONE_PARAM}=${ENDORSE_FORM}#skills`),
});

export async function loader({ context, request }: Route.LoaderArgs) {
  // A move to the page reads these in the browser (clientLoader): only a whole document needs them.
  const whole = isDocumentRequest(request);
  const [posts, skills, testimonials, booking] = await Promise.all([
    whole ? context.readApi<BlogPostSummary[]>(BLOG_PATH) : null,
    whole ? context.readApi<unknown>(SKILLS_PATH) : null,
    context.readApi<ShownTestimonial[]>(TESTIMONIALS_PATH),
    context.readApi<BookingStatus>(BOOKING_STATUS_PATH),
  ]);
  return {
    posts,
    skills,
    profile,
    claims,
    socialLinks,
    quoteSocialLinks,
    contactInfo,
    additionalSkills: [...additionalSkills],
    testimonials: testimonials ?? [],
    reviewsLd: testimonialsLd(context.siteUrl, testimonials ?? []),
    booking,
    projectFilter: projectFilterOf(new URL(request.url)),
    staticCopy: context.staticCopy,
    // Only what the cards and the featured block show: the case studies stay on the project pages.
    projects: projects.map(
      ({ id, title, description, image, tags, category, githubUrl, liveUrl, highlights }) => ({
        id,
        title,
        description,
        image,
        tags,
        category,
        githubUrl,
        liveUrl,
        highlights,
      }),
    ),
  };
}

/**
 * A move to the home page (and a revalidation after its forms): the rest of the page from the
 * server, the skills and the latest posts from the API in the browser, still on the way when the
 * page shows (their sections show the spec's loading states, then the answer or its error). On a
 * static host the API reads come from browser storage or the exported files (request.ts).
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const posts = requestJson<BlogPostSummary[]>('GET', BLOG_PATH);
  const skills = requestJson<unknown>('GET', SKILLS_PATH);
  // A failure is shown by its section (Await); one nobody waits for any more is no unhandled rejection.
  for (const read of [posts, skills]) read.catch(() => undefined);
  return { ...(await serverLoader()), posts, skills };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { site } = rootDataOf(matches);
  const reviews = loaderData?.reviewsLd ?? [];
  return [
    ...pageMeta({
      site,
      title: `${site.ownerName} | ${site.ownerTitle}`,
      description: site.description,
      path: '/',
      type: 'profile',
      // The owner, and each verified client's words as a review of them.
      jsonLd: reviews.length > 0 ? { '@graph': [personLd(site), ...reviews] } : personLd(site),
    }),
    ...fediverseMeta(site),
    // The first paint waits until the hero has been read whole, that is until the section after it
    // has begun (ADR 029): with no stylesheet to wait for, a phone painted the hero's first half
    // centred in the screen and moved it up as the rest came (layout shift 0.06-0.11 in 4 loads of 6).
    firstPaintUntil('projects'),
  ];
};

/** A visitor's home page is islands (ADR 023): the projects, skills, quote form, sign-up and decoration. */
export const handle = { islands: true };

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SectionTracker />
      <Hero
        profile={loaderData.profile}
        socialLinks={loaderData.socialLinks}
        claims={loaderData.claims}
        booking={loaderData.booking}
      />
      <ProjectsSection
        projects={loaderData.projects}
        filter={loaderData.projectFilter}
        staticCopy={loaderData.staticCopy}
      />
      <About profile={loaderData.profile} />
      <SkillsLoader additionalSkills={loaderData.additionalSkills} skills={loaderData.skills} />
      <BlogTeaser
        posts={loaderData.posts}
        signup={<NewsletterSignup place="home" compact headingLevel={3} className="mt-10" />}
      />
      <ContactSection
        contactInfo={loaderData.contactInfo}
        socialLinks={loaderData.quoteSocialLinks}
        booking={loaderData.booking}
      />
      <Testimonials testimonials={loaderData.testimonials} />
      <ImmersiveHomeExtras />
    </>
  );
}
