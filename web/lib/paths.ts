/** Every address of the site, in one place (the dashboard's sections: `dashboardPaths` in admin-paths.ts). */
import { postPath, tagPath } from '../../common/blog-paths.ts';
export const paths = {
  home: '/',
  section: (id: 'home' | 'projects' | 'about' | 'skills' | 'blog' | 'contact' | 'testimonials') => `/#${id}`,
  blog: '/blog',
  post: postPath,
  /** A tag's own page of posts (its RSS feed: `${path}/rss.xml`). */
  tag: tagPath,
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
} as const;
