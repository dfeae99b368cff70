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

/** A post's summary and body that the editor's form accepts, for tests that set the rest themselves. */
export const samplePostText = {
  summary: 'A summary of at least ten characters.',
  content: 'Some words of the post body, long enough for the form rules to accept it.',
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

/** A call type as the owner's form sends it (a key repair at the shop, two questions), for tests that need one. */
export const sampleCallType = {
  id: 'key-repair',
  name: 'Key repair consult',
  callMinutes: 60,
  description: 'Bring the key and the car.',
  place: 'address',
  placeDetail: '12 Peachtree St, Atlanta',
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  noticeHours: 0,
  horizonDays: 3,
  dailyLimit: 1,
  questions: [
    { id: 'q1', label: 'Car make and year', kind: 'short', required: true, choices: [] },
    { id: 'q2', label: 'Keys left', kind: 'choice', required: false, choices: ['None', 'One'] },
  ],
};

/**
 * The value with its last character changed, for a test that forges a token or a cookie. Always
 * differs from the value: writing a fixed letter over it matches the real one when it ends in that
 * letter, 1 time in 64 for a base64url token.
 */
export function tampered(value: string): string {
  return value.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
}
