/** The Example Prompts tab: three categories of three prompts each; a click fills the form. */
export const EXAMPLE_PROMPTS = [
  {
    category: 'Project backgrounds',
    prompts: [
      'A dark futuristic code editor with teal and purple neon glow, as a web app hero background',
      'A calm blue network of connected nodes over a soft gradient, as a minimal project background',
      'The Atlanta city skyline at night with warm lights, as a wide background for a business website',
    ],
  },
  {
    category: 'Blog post images',
    prompts: [
      'A red car and golden keys on a dark background, as an automotive locksmith blog header',
      'An electronic circuit board repair with orange and blue traces, as a detailed blog illustration',
      'Bright sunny mountains and ocean waves, as a cheerful header for a personal story',
    ],
  },
  {
    category: 'Skill illustrations',
    prompts: [
      'A bar chart of growth in green and gold, illustrating business development',
      'A clean minimal code window in indigo, illustrating TypeScript skills',
      'A glowing microchip with cyan circuits, illustrating electronic repair skills',
    ],
  },
] as const;
