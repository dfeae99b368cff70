import { type SeedSkill, seedSkillSchema } from '../common/schemas/content.ts';

/** Skills with a percentage bar, seeded into the database where endorsements count them. */
export const seedSkills: SeedSkill[] = seedSkillSchema.array().parse([
  { name: 'React', category: 'frontend', percentage: 92 },
  { name: 'TypeScript', category: 'frontend', percentage: 90 },
  { name: 'Tailwind CSS', category: 'frontend', percentage: 85 },
  { name: 'Accessibility & Performance', category: 'frontend', percentage: 80 },
  { name: 'Node.js', category: 'backend', percentage: 90 },
  { name: 'PostgreSQL', category: 'backend', percentage: 84 },
  { name: 'REST & API Design', category: 'backend', percentage: 88 },
  { name: 'Authentication & Security', category: 'backend', percentage: 78 },
  { name: 'Git & GitHub', category: 'devops', percentage: 90 },
  { name: 'Linux Servers', category: 'devops', percentage: 80 },
  { name: 'Docker', category: 'devops', percentage: 74 },
  { name: 'CI/CD Pipelines', category: 'devops', percentage: 76 },
]);

/** The eight 'Additional Skills & Competencies' chips (spec section 1), in the spec's order. */
export const additionalSkills = [
  'Problem Solving',
  'Customer Service',
  'Automotive Security',
  'Electronic Repair',
  'Entrepreneurship',
  'Business Development',
  'Technical Documentation',
  'Team Leadership',
] as const;
