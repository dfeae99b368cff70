import { z } from './zod.ts';

const sitePathOrUrl = z.string().regex(/^(\/[\w./-]*|https?:\/\/\S+|mailto:\S+)$/);

export const timelineItemSchema = z.object({
  title: z.string().min(1),
  place: z.string().min(1),
  period: z.string().min(1),
  description: z.string().min(1),
});

export const profileSchema = z.object({
  name: z.string().min(1),
  title: z.string().min(1),
  description: z.string().min(1),
  about: z.array(z.string().min(1)).min(1),
  education: z.array(timelineItemSchema).length(3),
  experience: z.array(timelineItemSchema).length(3),
  resumeUrl: z.literal('/api/resume'),
  profileImage: sitePathOrUrl,
  location: z.string().min(1),
  typingPhrases: z.array(z.string().min(1)).length(4),
});

export const socialIconSchema = z.enum(['github', 'linkedin', 'threads', 'globe', 'mail', 'twitter']);

export const socialLinkSchema = z.object({
  platform: z.string().min(1),
  url: sitePathOrUrl,
  icon: socialIconSchema,
});

export const contactInfoSchema = z.object({
  email: z.email(),
  location: z.string().min(1),
  phone: z.string().min(7),
});

export const claimsSchema = z.object({
  smallBusinesses: z.number().int().positive(),
  users: z.string().min(1),
  leadShare: z.string().min(1),
  projectsIn2024: z.string().min(1),
  yearsOfExperience: z.string().min(1),
});

export type Claims = z.infer<typeof claimsSchema>;

export const seedSkillSchema = z.object({
  name: z.string().min(1),
  category: z.enum(['frontend', 'backend', 'devops']),
  percentage: z.number().int().min(0).max(100),
});

export const seedPostSchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(5),
  summary: z.string().min(10),
  /** File name under content/posts/ holding the markdown body. */
  file: z.string().regex(/^[a-z0-9-]+\.md$/),
  coverImage: sitePathOrUrl,
  tags: z.array(z.string().min(1)).min(1),
  isPublished: z.boolean(),
  publishedAt: z.iso.datetime({ offset: true }).nullable(),
});

export const testimonialSchema = z.object({
  quote: z.string().min(20),
  name: z.string().min(1),
  role: z.string().min(1),
});

export type Profile = z.infer<typeof profileSchema>;

export type SocialLink = z.infer<typeof socialLinkSchema>;

export type ContactInfo = z.infer<typeof contactInfoSchema>;

export type SeedSkill = z.infer<typeof seedSkillSchema>;

export type SeedPost = z.infer<typeof seedPostSchema>;

export type Testimonial = z.infer<typeof testimonialSchema>;

export type SocialIcon = z.infer<typeof socialIconSchema>;
