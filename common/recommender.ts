/**
 * The built-in project recommender: scores each project of the catalogue
 * against a visitor's interests, preferred technologies, experience level and
 * purpose, and explains every match. Pure and deterministic (the same input
 * always gives the same answer), so it runs on the server by default and can
 * run in a browser on the static copy of the site.
 *
 * How a project is scored:
 * - Text match: the interests and the search are cut into terms (lowercased,
 *   plurals folded, a few synonyms such as car -> automotive). Each term is
 *   weighted by how rare it is across the catalogue (inverse document
 *   frequency), and by where the project mentions it: title, tags, category and
 *   technologies count fully, descriptions and features about half, the long
 *   details and case-study notes less. The text score is the weighted share of
 *   the visitor's terms the project covers.
 * - Technology overlap: the share of preferred technologies in the project's
 *   stack or tags (Node, node.js and NodeJS are one technology).
 * - Level and purpose nudge the result by a few points: beginners get compact
 *   stacks, advanced visitors broad ones; learners public source, hirers live
 *   work, portfolio readers case studies, collaborators open next steps.
 * A project with neither a text nor a technology match is never recommended.
 */
import type { RecommendationResult } from './schemas/ai.ts';
import type { ProjectCategory } from './schemas/project.ts';

export interface CatalogueProject {
  id: string;
  title: string;
  description: string;
  details: string;
  image: string;
  tags: readonly string[];
  category: ProjectCategory;
  githubUrl?: string | undefined;
  liveUrl?: string | undefined;
  demoUrl?: string | undefined;
  techStack: readonly string[];
  highlights?: readonly string[];
  synopsis?:
    | {
        tagline: string;
        description: string;
        caseStudy: {
          problem: string;
          role: readonly string[];
          stack: readonly string[];
          features: readonly string[];
          status: string;
          nextSteps: readonly string[];
        };
      }
    | undefined;
}

export interface RecommenderInput {
  interests: readonly string[];
  experienceLevel: 'beginner' | 'intermediate' | 'advanced';
  preferredTechnologies?: readonly string[] | undefined;
  purpose?: 'learning' | 'portfolio' | 'hiring' | 'collaboration' | 'other' | undefined;
  searchQuery?: string | undefined;
}

/** What a recommendation shows of a project: the answer shape of spec section 3 (schemas/ai.ts). */
export type RecommendedProject = RecommendationResult['recommendations'][number]['project'];

/** A catalogue project as a recommendation shows it (spec section 3); the demo is the live site when there is one. */
export function recommendedProject(project: CatalogueProject): RecommendedProject {
  const demoUrl = project.liveUrl ?? project.demoUrl;
  return {
    id: project.id,
    title: project.title,
    category: project.category,
    description: project.description,
    tags: [...project.tags],
    imageUrl: project.image,
    ...(demoUrl ? { demoUrl } : {}),
    ...(project.githubUrl ? { githubUrl: project.githubUrl } : {}),
  };
}

export const MAX_RECOMMENDATIONS = 5;
/** Fewer than this many only when fewer projects match at all. */
export const TYPICAL_MIN_RECOMMENDATIONS = 3;
/** Projects scoring below this share of the best one are left out (beyond the typical minimum). */
const RELATIVE_CUTOFF = 0.3;
const HIGHEST_SCORE = 98;

const STOP_WORDS = new Set(
  (
    'a an and are as at be but by can do for from have how i in into is it its me my of on or our so ' +
    'that the their them then there these this to up us we what when where which who why will with you ' +
    'your want like love interested interest looking something things stuff project projects work ' +
    'some any more most very just also about see show build built using use'
  ).split(' '),
);

/** Words that mean the same thing in this catalogue, folded to one term. */
const SYNONYMS: Record<string, string> = {
  car: 'automotive',
  vehicle: 'automotive',
  auto: 'automotive',
  truck: 'automotive',
  lock: 'locksmith',
  locksmithing: 'locksmith',
  keycode: 'key',
  fix: 'repair',
  fixing: 'repair',
  repairing: 'repair',
  electronics: 'electronic',
  gadget: 'electronic',
  website: 'web',
  webapp: 'web',
  site: 'web',
  stock: 'inventory',
  warehouse: 'inventory',
  parts: 'inventory',
  ecommerce: 'store',
  shop: 'store',
  rsvp: 'event',
  meetup: 'event',
  startup: 'saas',
  postgres: 'postgresql',
  pg: 'postgresql',
  node: 'nodejs',
  js: 'javascript',
  ts: 'typescript',
  reactjs: 'react',
  tailwind: 'tailwindcss',
  appointment: 'booking',
  schedule: 'booking',
  scheduling: 'booking',
};

/** Folds a plural to its singular ("locksmiths" -> "locksmith", "services" -> "service"). */
function singular(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ss|us|is|js)$/.test(word)) return word;
  if (/(sh|ch|x)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

function foldWord(word: string): string {
  const direct = SYNONYMS[word];
  if (direct) return direct;
  const single = singular(word);
  return SYNONYMS[single] ?? single;
}

/** The words of a text with their terms: lowercase, no stop words, "Node.js" kept as one word. */
function wordsOf(text: string): Array<{ word: string; term: string }> {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z0-9])[.'’-]([a-z0-9])/g, '$1$2')
    .split(/[^a-z0-9+#]+/)
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word))
    .map((word) => ({ word, term: foldWord(word) }));
}

/** The terms of a text (see wordsOf). */
function termsOf(text: string): string[] {
  return wordsOf(text).map(({ term }) => term);
}

/** One key per technology: "Node.js", "node" and "NodeJS" all become "nodejs". */
export function technologyKey(name: string): string {
  const words = termsOf(name);
  return words.join('');
}

// Where a project mentions a term, and how much that counts (1 = title, tags, stack).
const FIELD_WEIGHTS = { strong: 1, medium: 0.55, weak: 0.35 } as const;

interface Indexed {
  project: CatalogueProject;
  order: number;
  /** Each term with the strongest weight of a field that mentions it. */
  terms: Map<string, number>;
  technologies: Map<string, string>;
  complexity: number;
}

function indexProject(project: CatalogueProject, order: number): Indexed {
  const terms = new Map<string, number>();
  const add = (texts: readonly string[], weight: number) => {
    for (const text of texts) {
      for (const term of termsOf(text)) terms.set(term, Math.max(terms.get(term) ?? 0, weight));
    }
  };
  const { synopsis } = project;
  add([project.title, ...project.tags, ...project.techStack, project.category], FIELD_WEIGHTS.strong);
  add(
    [
      project.description,
      ...(project.highlights ?? []),
      ...(synopsis ? [synopsis.tagline, ...synopsis.caseStudy.features, ...synopsis.caseStudy.stack] : []),
    ],
    FIELD_WEIGHTS.medium,
  );
  add(
    [
      project.details,
      ...(synopsis
        ? [
            synopsis.description,
            synopsis.caseStudy.problem,
            synopsis.caseStudy.status,
            ...synopsis.caseStudy.role,
            ...synopsis.caseStudy.nextSteps,
          ]
        : []),
    ],
    FIELD_WEIGHTS.weak,
  );
  const technologies = new Map<string, string>();
  for (const name of [...project.techStack, ...project.tags]) {
    const key = technologyKey(name);
    if (key && !technologies.has(key)) technologies.set(key, name);
  }
  // 3 technologies or fewer is compact (0), 7 or more is broad (1).
  const complexity = Math.min(1, Math.max(0, (project.techStack.length - 3) / 4));
  return { project, order, terms, technologies, complexity };
}

function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const quoted = (items: readonly string[]) => items.map((item) => `“${item}”`);

interface Scored {
  indexed: Indexed;
  score: number;
  reason: string;
}

function levelNudge(level: RecommenderInput['experienceLevel'], complexity: number): number {
  if (level === 'beginner') return 0.06 * (1 - complexity);
  if (level === 'advanced') return 0.06 * complexity;
  return 0.03 * (1 - Math.abs(complexity - 0.5) * 2);
}

function purposeNote(purpose: RecommenderInput['purpose'], project: CatalogueProject): string | undefined {
  const nextStep = project.synopsis?.caseStudy.nextSteps[0];
  switch (purpose) {
    case 'learning':
      return project.githubUrl ? 'Its source code is public, so you can study how it is built.' : undefined;
    case 'hiring':
      return project.liveUrl ? 'It is live, so you can judge the finished work yourself.' : undefined;
    case 'portfolio':
      return project.synopsis
        ? 'It comes with a full case study: problem, role, stack and status.'
        : undefined;
    case 'collaboration':
      return nextStep ? `Open for collaboration on what comes next: ${nextStep.toLowerCase()}.` : undefined;
    default:
      return undefined;
  }
}

/**
 * Recommends typically 3 to 5 projects of the catalogue for a visitor, best
 * first, each with a match score in percent and the reason it matched; an
 * empty list when nothing in the catalogue relates to the request.
 */
export function recommendProjects(
  catalogue: readonly CatalogueProject[],
  input: RecommenderInput,
): RecommendationResult {
  const indexed = catalogue.map(indexProject);
  const documentFrequency = (term: string) => indexed.filter((entry) => entry.terms.has(term)).length;
  const idf = (term: string) => Math.log(1 + catalogue.length / (1 + documentFrequency(term)));

  // Each interest (and the free-text search) with its terms; the same term counts once.
  const phrases = [...input.interests, ...(input.searchQuery ? [input.searchQuery] : [])];
  const seen = new Set<string>();
  const queryTerms: Array<{ term: string; weight: number; word: string }> = [];
  for (const phrase of phrases) {
    for (const { term, word } of wordsOf(phrase)) {
      if (seen.has(term)) continue;
      seen.add(term);
      // Quoted back as the visitor typed it ("SaaS", not "saas") when the word is found as such.
      const typed = phrase.match(new RegExp(`\\b${word.replace(/[+#]/g, '\\$&')}\\b`, 'i'))?.[0] ?? word;
      queryTerms.push({ term, weight: idf(term), word: typed });
    }
  }
  const totalWeight = queryTerms.reduce((sum, { weight }) => sum + weight, 0);
  const technologies = [
    ...new Map((input.preferredTechnologies ?? []).map((name) => [technologyKey(name), name.trim()])),
  ].filter(([key]) => key !== '');

  const scored: Scored[] = [];
  for (const entry of indexed) {
    let covered = 0;
    const strongWords: string[] = [];
    const mentionedWords: string[] = [];
    for (const { term, weight, word } of queryTerms) {
      const strength = entry.terms.get(term) ?? 0;
      covered += weight * strength;
      if (strength >= FIELD_WEIGHTS.strong) strongWords.push(word);
      else if (strength > 0) mentionedWords.push(word);
    }
    const textScore = totalWeight > 0 ? covered / totalWeight : 0;
    const matchedTechnologies = technologies
      .filter(([key]) => entry.technologies.has(key))
      .map(([key]) => entry.technologies.get(key) ?? key);
    if (textScore === 0 && matchedTechnologies.length === 0) continue;

    const techScore = technologies.length > 0 ? matchedTechnologies.length / technologies.length : 0;
    const base =
      technologies.length === 0 ? textScore : totalWeight > 0 ? 0.7 * textScore + 0.3 * techScore : techScore;
    const note = purposeNote(input.purpose, entry.project);
    const level = levelNudge(input.experienceLevel, entry.complexity);
    const score = Math.min(1, base * (1 + level) + (note ? 0.05 * base : 0));

    const reasons: string[] = [];
    if (strongWords.length > 0) {
      reasons.push(`Its title, tags or stack match ${listText(quoted(strongWords))}.`);
    }
    if (mentionedWords.length > 0) {
      reasons.push(
        `${strongWords.length > 0 ? 'Its description also covers' : 'Its description covers'} ${listText(quoted(mentionedWords))}.`,
      );
    }
    if (matchedTechnologies.length > 0) {
      reasons.push(`Built with ${listText(matchedTechnologies)}, from your preferred technologies.`);
    }
    if (input.experienceLevel === 'beginner' && entry.complexity <= 0.25) {
      reasons.push('A compact stack that is easy to follow.');
    } else if (input.experienceLevel === 'advanced' && entry.complexity >= 0.75) {
      reasons.push(`A broad stack of ${entry.project.techStack.length} technologies to dig into.`);
    }
    if (note) reasons.push(note);
    scored.push({ indexed: entry, score, reason: reasons.join(' ') });
  }

  scored.sort((a, b) => b.score - a.score || a.indexed.order - b.indexed.order);
  const best = scored[0]?.score ?? 0;
  const chosen = scored
    .filter((entry, rank) => rank < TYPICAL_MIN_RECOMMENDATIONS || entry.score >= best * RELATIVE_CUTOFF)
    .slice(0, MAX_RECOMMENDATIONS);

  const recommendations = chosen.map(({ indexed: { project }, score, reason }) => ({
    project: recommendedProject(project),
    score: Math.max(1, Math.min(HIGHEST_SCORE, Math.round(score * 100))),
    reason,
  }));

  const asked = listText(quoted(input.interests));
  const withTech = technologies.length > 0 ? ` with ${listText(technologies.map(([, name]) => name))}` : '';
  const top = recommendations[0];
  const explanation = top
    ? `For your interest in ${asked}${withTech}, ${recommendations.length} ${recommendations.length === 1 ? 'project matches' : 'projects match'}. ${top.project.title} fits best at ${top.score}%; each card says what matched.`
    : `None of my projects relates to ${asked}${withTech}. Try broader interests such as web development, small business, React or automotive locksmithing.`;
  return { recommendations, explanation };
}
