/**
 * The home page: hero, projects, about, skills, latest posts, contact and
 * testimonials. Owner content and the projects come from content/ through the
 * loader; the skills and posts come from the API, prefetched into the HTML on a
 * document request. Skills and the quote form load as their own chunks.
 */
import { HydrationBoundary } from '@tanstack/react-query';
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
import { useSectionTracking } from '../features/layout/active-section.ts';
import { NewsletterSignup } from '../features/newsletter/subscribe-form.tsx';
import { About } from '../features/profile/about.tsx';
import { BOOKING_STATUS_PATH, TESTIMONIALS_PATH } from '../features/profile/api.ts';
import { Hero } from '../features/profile/hero.tsx';
import { Testimonials } from '../features/profile/testimonials.tsx';
import { ProjectsSection } from '../features/projects/projects-section.tsx';
import { ENDORSE_FORM, SKILLS_PATH } from '../features/skills/api.ts';
import { endorseForms } from '../features/skills/skills-forms.server.ts';
import { SkillsLoader } from '../features/skills/skills-loader.tsx';
import { DONE_PARAM } from '../lib/form-post.ts';
import { isDocumentRequest, prefetch } from '../lib/prefetch.ts';
import { formAction } from '../lib/route-form.server.ts';
import { fediverseMeta, pageMeta, personLd, rootDataOf, testimonialsLd } from '../lib/seo.ts';
import type { Route } from './+types/home';

/** The quote form, and the skills' endorsement dialog, posted with the page's code or without it (ADR 018). */
export const action = formAction({
  ...quoteForms,
  ...endorseForms(() => `/?${DONE_PARAM}=${ENDORSE_FORM}#skills`),
});

export async function loader({ context, request }: Route.LoaderArgs) {
  const paths = isDocumentRequest(request) ? [BLOG_PATH, SKILLS_PATH] : [];
  const [{ dehydrated }, testimonials, booking] = await Promise.all([
    prefetch(context, paths),
    context.readApi<ShownTestimonial[]>(TESTIMONIALS_PATH),
    context.readApi<BookingStatus>(BOOKING_STATUS_PATH),
  ]);
  return {
    dehydrated,
    profile,
    claims,
    socialLinks,
    quoteSocialLinks,
    contactInfo,
    additionalSkills: [...additionalSkills],
    testimonials: testimonials ?? [],
    reviewsLd: testimonialsLd(context.siteUrl, testimonials ?? []),
    booking,
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
  ];
};

export default function Home({ loaderData }: Route.ComponentProps) {
  useSectionTracking();
  return (
    <HydrationBoundary state={loaderData.dehydrated}>
      <Hero
        profile={loaderData.profile}
        socialLinks={loaderData.socialLinks}
        claims={loaderData.claims}
        booking={loaderData.booking}
      />
      <ProjectsSection projects={loaderData.projects} />
      <About profile={loaderData.profile} />
      <SkillsLoader additionalSkills={loaderData.additionalSkills} />
      <BlogTeaser signup={<NewsletterSignup place="home" compact headingLevel={3} className="mt-10" />} />
      <ContactSection
        contactInfo={loaderData.contactInfo}
        socialLinks={loaderData.quoteSocialLinks}
        booking={loaderData.booking}
      />
      <Testimonials testimonials={loaderData.testimonials} />
      <ImmersiveHomeExtras />
    </HydrationBoundary>
  );
}
