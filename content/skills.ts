import { type SeedSkill, seedSkillSchema } from '../common/schemas/content.ts';

/** Skills with a percentage bar, by category, in the order shown: name and percentage. */
const skillsByCategory = {
  frontend: { React: 92, TypeScript: 90, 'Tailwind CSS': 85, 'Accessibility & Performance': 80 },
  backend: { 'Node.js': 90, PostgreSQL: 84, 'REST & API Design': 88, 'Authentication & Security': 78 },
  devops: { 'Git & GitHub': 90, 'Linux Servers': 80, Docker: 74, 'CI/CD Pipelines': 76 },
};

/** The skills seeded into the database, where endorsements count them. */
export const seedSkills: SeedSkill[] = seedSkillSchema
  .array()
  .parse(
    Object.entries(skillsByCategory).flatMap(([category, skills]) =>
      Object.entries(skills).map(([name, percentage]) => ({ name, category, percentage })),
    ),
  );

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
