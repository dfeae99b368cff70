import { type SeedPost, seedPostSchema } from '../common/schemas/content.ts';

/*
 * OWNER: the posts a fresh site starts with. Bodies are markdown files in
 * content/posts/. Seeding copies them into the database once; after that the
 * database is the source of truth and edits happen in the admin editor.
 */
export const seedPosts: SeedPost[] = seedPostSchema.array().parse([
  {
    slug: 'one-schema-form-to-database',
    title: 'One Schema from Form to Database',
    summary:
      'How a single TypeScript schema validates the browser form, the API request and the database types, and why it removes a whole class of bugs.',
    file: 'one-schema-form-to-database.md',
    coverImage: '/images/posts/one-schema-form-to-database.svg',
    tags: ['TypeScript', 'Web Development', 'Zod', 'Best Practices'],
    isPublished: true,
    publishedAt: '2026-10-14T14:00:00.000Z',
  },
  {
    slug: 'repair-before-replace',
    title: 'Repair Before You Replace: A Technician’s Approach',
    summary:
      'Most dead electronics fail in boring ways. How I diagnose a device on the bench, when replacing is the better call, and why it matters for small businesses.',
    file: 'repair-before-replace.md',
    coverImage: '/images/posts/repair-before-replace.svg',
    tags: ['Electronics', 'Repair', 'Small Business'],
    isPublished: true,
    publishedAt: '2026-08-27T15:30:00.000Z',
  },
  {
    slug: 'shipping-a-niche-saas',
    title: 'Lessons from Shipping a Niche SaaS',
    summary:
      'Keycode Help went from a spreadsheet on my phone to a paid product. What I learned about offline-first apps, charging early and boring technology.',
    file: 'shipping-a-niche-saas.md',
    coverImage: '/images/posts/shipping-a-niche-saas.svg',
    tags: ['SaaS', 'Entrepreneurship', 'React', 'Business'],
    isPublished: true,
    publishedAt: '2026-06-09T13:00:00.000Z',
  },
  {
    slug: 'transponder-keys-explained',
    title: 'Transponder Keys Explained: What Programming Really Means',
    summary:
      'Why a modern car key needs programming, what happens between the chip and the immobilizer, and why prices vary so much from one car to the next.',
    file: 'transponder-keys-explained.md',
    coverImage: '/images/posts/transponder-keys-explained.svg',
    tags: ['Automotive', 'Locksmith', 'Security'],
    isPublished: true,
    publishedAt: '2026-04-02T16:00:00.000Z',
  },
  {
    slug: 'pricing-service-work',
    title: 'Pricing Service Work in Atlanta',
    summary: 'A draft on how I price repair, locksmith and web work for small businesses.',
    file: 'pricing-service-work-draft.md',
    coverImage: '/images/posts/pricing-service-work.svg',
    tags: ['Business', 'Pricing'],
    isPublished: false,
    publishedAt: null,
  },
]);
