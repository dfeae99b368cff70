import type { BUDGETS, PROJECT_TYPES, RESUME_PURPOSES, TIMEFRAMES } from '../../common/constants.ts';
import type { ProjectCategory } from '../../common/schemas/project.ts';

/** How the option values of the quote and resume forms (spec section 9), and the projects' categories, read to a person. */
export const PROJECT_TYPE_LABELS: Record<(typeof PROJECT_TYPES)[number], string> = {
  website: 'Website',
  webapp: 'Web Application',
  ecommerce: 'E-commerce Store',
  mobile: 'Mobile App',
  custom: 'Custom Software',
  other: 'Other',
};

export const BUDGET_LABELS: Record<(typeof BUDGETS)[number], string> = {
  '1-2k': '$1,000 – $2,000',
  '2-5k': '$2,000 – $5,000',
  '5-10k': '$5,000 – $10,000',
  '10k+': '$10,000+',
  flexible: 'Flexible',
};

export const TIMEFRAME_LABELS: Record<(typeof TIMEFRAMES)[number], string> = {
  asap: 'As soon as possible',
  '1month': 'Within 1 month',
  '3months': 'Within 3 months',
  flexible: 'Flexible',
};

export const RESUME_PURPOSE_LABELS: Record<(typeof RESUME_PURPOSES)[number], string> = {
  job_opportunity: 'Job opportunity',
  freelance_project: 'Freelance project',
  networking: 'Networking',
  other: 'Other',
};

export const CATEGORY_LABELS: Record<ProjectCategory, string> = {
  web: 'Web Development',
  business: 'Business',
  service: 'Services',
};
