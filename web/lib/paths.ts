/** Every address of the site, in one place. */
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
  adminBlog: '/admin/blog',
  admin: {
    moderation: '/admin/blog/moderation',
    inbox: '/admin/blog/inbox',
    resumeRequests: '/admin/blog/resume-requests',
    endorsements: '/admin/blog/endorsements',
    analytics: '/admin/blog/analytics',
  },
  privacy: '/privacy',
  terms: '/terms',
  contribute: '/contribute',
  githubSignIn: '/api/auth/github',
} as const;
