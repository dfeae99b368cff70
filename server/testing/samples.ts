/** A post as the editor's form sends it (tags as typed, a draft), for tests that need a valid one. */
export const samplePost = {
  title: 'Notes from the bench',
  slug: 'notes-from-the-bench',
  summary: 'What I learned this week.',
  content: 'A long enough body for a post, well over fifty characters in total length.',
  coverImage: '',
  tags: 'repair, notes',
  isPublished: false,
};

/** A quote request as the home page's form sends it (Dana's bakery), for tests that need a valid one. */
export const sampleQuote = {
  name: 'Dana Smith',
  email: 'dana@example.com',
  projectType: 'ecommerce',
  budget: '5-10k',
  timeframe: '3months',
  message: 'We need an online shop for our cakes.',
};
