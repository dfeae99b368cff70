import { describe, expect, it } from 'vitest';
import { projects } from '../content/projects.ts';
import {
  MAX_RECOMMENDATIONS,
  type RecommenderInput,
  recommendProjects,
  technologyKey,
} from './recommender.ts';

const ask = (input: Partial<RecommenderInput> & Pick<RecommenderInput, 'interests'>) =>
  recommendProjects(projects, { experienceLevel: 'intermediate', ...input });
const ids = (input: Parameters<typeof ask>[0]) => ask(input).recommendations.map(({ project }) => project.id);

describe('the built-in recommender', () => {
  it('ranks Keycode Help first for locksmith and automotive interests, and says what matched', () => {
    const result = ask({ interests: ['locksmith', 'automotive'] });
    const [first, second] = result.recommendations;
    expect(first?.project.id).toBe('keycode-help');
    expect(first?.reason).toContain('“locksmith” and “automotive”');
    // The business site mentions locksmith work too, but automotive only in passing.
    expect(second?.project.id).toBe('ssi-met-repairs');
    expect(second?.score).toBeLessThan(first?.score ?? 0);
    expect(result.explanation).toContain('Keycode Help fits best');
  });

  it('ranks the inventory system first for inventory and React, with the other React projects after it', () => {
    const result = ask({ interests: ['inventory', 'react'] });
    expect(result.recommendations[0]?.project.id).toBe('inventory-management');
    expect(result.recommendations.length).toBeGreaterThanOrEqual(3);
    expect(result.recommendations.length).toBeLessThanOrEqual(MAX_RECOMMENDATIONS);
    for (const other of result.recommendations.slice(1)) {
      expect(other.reason).toContain('“react”');
      expect(other.score).toBeLessThan(result.recommendations[0]?.score ?? 0);
    }
  });

  it('gives an empty list and an explanation for interests nothing relates to', () => {
    const result = ask({ interests: ['qwzx', 'blorp'] });
    expect(result.recommendations).toEqual([]);
    expect(result.explanation).toContain('None of my projects relates to “qwzx” and “blorp”');
    expect(ask({ interests: ['the', 'and of'] }).recommendations).toEqual([]);
  });

  it('folds plurals and synonyms: cars means automotive, events means event', () => {
    expect(ids({ interests: ['cars'] })[0]).toBe('keycode-help');
    expect(ids({ interests: ['community events'] })[0]).toBe('gatherly');
    expect(ids({ interests: ['repairs'] })[0]).toBe('ssi-met-repairs');
  });

  it('scores preferred technologies whatever their spelling, and names them in the reason', () => {
    expect(technologyKey('Node.js')).toBe(technologyKey('node'));
    expect(technologyKey('Postgres')).toBe(technologyKey('PostgreSQL'));
    const result = ask({ interests: ['saas'], preferredTechnologies: ['node', 'Postgres', 'Stripe'] });
    expect(result.recommendations[0]?.project.id).toBe('stackzen');
    expect(result.recommendations[0]?.reason).toContain('Built with Node.js, PostgreSQL and Stripe');
    // Technologies alone are evidence too.
    expect(ids({ interests: ['qwzx'], preferredTechnologies: ['Twilio'] })).toEqual(['gatherly']);
  });

  it('lets the purpose and level nudge the order and explain themselves', () => {
    const hiring = ask({ interests: ['small business'], purpose: 'hiring' });
    expect(hiring.recommendations.some(({ reason }) => reason.includes('It is live'))).toBe(true);
    const learning = ask({ interests: ['react'], purpose: 'learning', experienceLevel: 'beginner' });
    const top = projects.find(({ id }) => id === learning.recommendations[0]?.project.id);
    expect(top?.githubUrl).toBeDefined();
    expect(learning.recommendations[0]?.reason).toContain('source code is public');
    const advanced = ask({ interests: ['react'], experienceLevel: 'advanced' });
    expect(advanced.recommendations[0]?.reason).toContain('A broad stack of');
  });

  it('returns the answer shape of spec section 3 with scores in percent', () => {
    const [first] = ask({ interests: ['keycode'] }).recommendations;
    expect(first).toMatchObject({
      project: {
        id: 'keycode-help',
        title: 'Keycode Help',
        category: 'business',
        imageUrl: '/images/projects/keycode-help.svg',
        demoUrl: 'https://keycodehelp.com',
        githubUrl: 'https://github.com/jordanellis-dev/keycode-help',
      },
    });
    expect(first?.score).toBeGreaterThan(50);
    expect(first?.score).toBeLessThanOrEqual(100);
    const noSource = ask({ interests: ['web development services'] }).recommendations[0];
    expect(noSource?.project).not.toHaveProperty('githubUrl');
    expect(noSource?.project).not.toHaveProperty('demoUrl');
  });

  it('always gives the same answer to the same input', () => {
    const input = {
      interests: ['web', 'business'],
      preferredTechnologies: ['React'],
      purpose: 'hiring',
    } as const;
    expect(ask(input)).toEqual(ask(input));
    expect(JSON.stringify(ask(input))).toBe(JSON.stringify(ask({ ...input })));
  });
});
