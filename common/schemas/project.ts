import { DEMO_TYPES, PROJECT_CATEGORIES } from '../constants.ts';
import { z } from './zod.ts';

/** A local asset path ("/images/...") or an absolute http(s) URL. */
const assetPath = z.string().regex(/^(\/[\w./-]+|https?:\/\/\S+)$/, 'Must be a site path or an http(s) URL');
const httpUrl = z.url({ protocol: /^https?$/ });

export const demoConfigSchema = z.object({
  width: z.string().optional(),
  height: z.number().int().min(400).optional(),
  allowFullscreen: z.boolean().optional(),
  isResponsive: z.boolean().optional(),
  showCode: z.boolean().optional(),
  githubBranch: z.string().min(1).optional(),
});

export const caseStudySchema = z.object({
  problem: z.string().min(1),
  role: z.array(z.string().min(1)).min(1),
  stack: z.array(z.string().min(1)).min(1),
  features: z.array(z.string().min(1)).min(1),
  status: z.string().min(1),
  nextSteps: z.array(z.string().min(1)),
});

export const synopsisSchema = z.object({
  tagline: z.string().min(1),
  description: z.string().min(1),
  caseStudy: caseStudySchema,
});

export const projectSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(1),
  description: z.string().min(1),
  details: z.string().min(1),
  image: assetPath,
  tags: z.array(z.string().min(1)),
  category: z.enum(PROJECT_CATEGORIES),
  githubUrl: httpUrl.optional(),
  liveUrl: httpUrl.optional(),
  /** An http(s) address, or a self-hosted clip ("/images/demos/....webm") for the video demo. */
  demoUrl: assetPath.optional(),
  demoType: z.enum(DEMO_TYPES),
  demoConfig: demoConfigSchema.optional(),
  repoOwner: z.string().min(1).optional(),
  repoName: z.string().min(1).optional(),
  techStack: z.array(z.string().min(1)),
  /** Four short selling points, shown when the project is the featured one. */
  highlights: z.array(z.string().min(1)).length(4),
  synopsis: synopsisSchema.optional(),
  /**
   * Set by the server (never in content/): the demo's site refuses to be shown in a frame here
   * (X-Frame-Options or CSP frame-ancestors), so the panel offers 'Open in new tab' at once.
   */
  demoRefusesFraming: z.boolean().optional(),
});

export type Project = z.infer<typeof projectSchema>;
export type ProjectCategory = Project['category'];
