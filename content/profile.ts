import {
  type ContactInfo,
  claimsSchema,
  contactInfoSchema,
  type Profile,
  profileSchema,
  type SocialLink,
  socialLinkSchema,
} from '../common/schemas/content.ts';

/*
 * OWNER: everything in this file is yours to change. The name, handles, email,
 * phone and web addresses below are placeholders written for the project; the
 * phone number uses the fictional 555-01xx range. Replace them before going live
 * (see content/README.md).
 */

export const profile: Profile = profileSchema.parse({
  name: 'Jordan Ellis',
  title: 'Full-Stack Developer & Entrepreneur',
  description:
    'I build fast, dependable web applications for small businesses in Atlanta and beyond, and I run an electronic repair and automotive locksmith business, so I know what it takes to keep customers happy when something breaks.',
  about: [
    'I am a full-stack developer based in Atlanta, Georgia. I design, build and run web applications end to end: the database, the API, the interface and the deployment that keeps it all online.',
    'Alongside software I run an electronic repair and automotive locksmith business. Diagnosing a dead circuit board or programming a transponder key at the roadside taught me the same lesson as shipping software: listen to the customer, find the real fault, fix it properly and explain what you did.',
    'Over the last five years I have helped 12 small businesses get online, built tools used by 500+ people, and delivered 12+ projects in 2024 alone.',
  ],
  education: [
    {
      title: 'B.S. in Computer Science',
      place: 'Georgia State University',
      period: '2015 – 2019',
      description:
        'Software engineering, databases and networks; senior project on offline-first field-service apps.',
    },
    {
      title: 'Full-Stack Web Development Certificate',
      place: 'Atlanta Tech Academy',
      period: '2019',
      description: 'Twelve-week intensive in React, Node.js, PostgreSQL and test-driven development.',
    },
    {
      title: 'Automotive Locksmith Certification',
      place: 'Associated Locksmiths of America',
      period: '2020',
      description: 'Transponder systems, key programming, immobilizer diagnostics and lock servicing.',
    },
  ],
  experience: [
    {
      title: 'Founder & Lead Developer',
      place: 'Stackzen',
      period: '2023 – present',
      description:
        'Building a project-planning SaaS for small agencies: product, architecture and customer support.',
    },
    {
      title: 'Owner & Technician',
      place: 'SSI MET Repairs',
      period: '2020 – present',
      description:
        'Electronic repair and automotive locksmith services across metro Atlanta; bookings run on software I built.',
    },
    {
      title: 'Freelance Full-Stack Developer',
      place: 'Self-employed',
      period: '2019 – present',
      description:
        'Websites and web apps for 12 small businesses, from first sketch to hosting and maintenance.',
    },
  ],
  resumeUrl: '/api/resume',
  profileImage: '/images/profile.svg',
  location: 'Atlanta, Georgia',
  typingPhrases: [
    'I build full-stack web applications.',
    'I turn small-business problems into software.',
    'I repair electronics and program car keys.',
    'I ship, measure and keep improving.',
  ],
});

/** The owner's time zone (Atlanta): content/time-zone.ts. */
export { OWNER_TIME_ZONE } from './time-zone.ts';

/** Social links of the header, hero and footer; they open in a new tab. */
export const socialLinks: SocialLink[] = socialLinkSchema.array().parse([
  { platform: 'GitHub', url: 'https://github.com/jordanellis-dev', icon: 'github' },
  { platform: 'LinkedIn', url: 'https://www.linkedin.com/in/jordanellis-dev', icon: 'linkedin' },
  { platform: 'Threads', url: 'https://www.threads.net/@jordanellis.dev', icon: 'threads' },
  { platform: 'Website', url: 'https://jordanellis.dev', icon: 'globe' },
  { platform: 'Email', url: 'mailto:hello@jordanellis.dev', icon: 'mail' },
]);

/** The quote section's own list: github, linkedin, twitter and email. */
export const quoteSocialLinks: SocialLink[] = socialLinkSchema.array().parse([
  { platform: 'github', url: 'https://github.com/jordanellis-dev', icon: 'github' },
  { platform: 'linkedin', url: 'https://www.linkedin.com/in/jordanellis-dev', icon: 'linkedin' },
  { platform: 'twitter', url: 'https://twitter.com/jordanellis_dev', icon: 'twitter' },
  { platform: 'email', url: 'mailto:hello@jordanellis.dev', icon: 'mail' },
]);

export const contactInfo: ContactInfo = contactInfoSchema.parse({
  email: 'hello@jordanellis.dev',
  location: 'Atlanta, Georgia',
  phone: '(404) 555-0142',
});

/** The figures the site's texts claim (spec section 1). */
export const claims = claimsSchema.parse({
  smallBusinesses: 12,
  users: '500+',
  leadShare: '35%',
  projectsIn2024: '12+',
  yearsOfExperience: '5+',
});
