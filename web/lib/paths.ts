/** Every address of the site, in one place (the dashboard's sections: `dashboardPaths` in admin-paths.ts). */
export const paths = {
  home: '/',
  section: (id: 'home' | 'projects' | 'about' | 'skills' | 'blog' | 'contact' | 'testimonials') => `/#${id}`,
  blog: '/blog',
  post: (slug: string) => `/blog/${encodeURIComponent(slug)}`,
  project: (id: string) => `/projects/${encodeURIComponent(id)}`,
  auth: '/auth',
  resume: '/resume',
  generateImages: '/generate-images',
  recommendations: '/recommendations',
  bookACall: '/book-a-call',
  booking: (token: string) => `/booking/${encodeURIComponent(token)}`,
  adminBlog: '/admin/blog',
  privacy: '/privacy',
  terms: '/terms',
  contribute: '/contribute',
  /** A skill's endorsement form on a page of its own (the home page's dialog takes it over when live). */
  endorse: (skillId: number) => `/skills/${skillId}/endorse`,
  githubSignIn: '/api/auth/github',
  /** Where a form that works only with its code posts if sent before the code arrived (ADR 013). */
  earlyPost: '/form-not-ready',
} as const;
