import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_IDS } from '../../../common/constants.ts';
import { projectSchema } from '../../../common/schemas/project.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

describe('projects API', () => {
  it('lists the seven built-in projects', async () => {
    const res = await t.app.inject('/api/projects');
    expect(res.statusCode).toBe(200);
    const list = projectSchema.array().parse(res.json());
    expect(list.map((p) => p.id).sort()).toEqual([...PROJECT_IDS].sort());
  });

  it('returns one project by id with every field of the spec', async () => {
    const res = await t.app.inject('/api/projects/keycode-help');
    expect(res.statusCode).toBe(200);
    const project = projectSchema.parse(res.json());
    expect(project).toMatchObject({ id: 'keycode-help', title: 'Keycode Help', demoType: 'iframe' });
    expect(project.synopsis?.caseStudy.role.length).toBeGreaterThan(0);
  });

  it('answers 404 JSON for an unknown id', async () => {
    const res = await t.app.inject('/api/projects/not-a-project');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Project not found' });
  });
});
