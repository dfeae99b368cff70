import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { SiteEvents } from './site-events.ts';
import { type Job, registerModules, type SiteModule } from './site-module.ts';

function recordingJob(log: string[], name: string, periodic = false): Job {
  return {
    name,
    periodic,
    start: () => void log.push(`start ${name}`),
    stop: () => void log.push(`stop ${name}`),
  };
}

describe('modules as plugins', () => {
  it("registers each module's routes and ties its jobs to ready and close", async () => {
    const log: string[] = [];
    const modules: SiteModule[] = [
      {
        name: 'one',
        routes: async (app) => {
          app.get('/one', async () => 'one');
        },
        jobs: [recordingJob(log, 'publisher')],
      },
      { name: 'two', jobs: [recordingJob(log, 'digest', true)] },
    ];
    const app = Fastify();
    await registerModules(app, modules, { periodicJobs: true });
    expect(log).toEqual([]);
    await app.ready();
    expect(log).toEqual(['start publisher', 'start digest']);
    expect((await app.inject('/one')).body).toBe('one');
    await app.close();
    expect(log).toEqual(['start publisher', 'start digest', 'stop publisher', 'stop digest']);
  });

  it('leaves the wall-clock jobs alone unless asked (tests run them by hand)', async () => {
    const log: string[] = [];
    const app = Fastify();
    await registerModules(
      app,
      [{ name: 'jobs', jobs: [recordingJob(log, 'publisher'), recordingJob(log, 'backups', true)] }],
      { periodicJobs: false },
    );
    await app.ready();
    await app.close();
    expect(log).toEqual(['start publisher', 'stop publisher']);
  });
});

describe('site events', () => {
  it('tells every listener in order, keeps going past one that throws, and stops on request', () => {
    const events = new SiteEvents();
    const heard: string[] = [];
    const stop = events.on('public-content-changed', (prefixes) => void heard.push(`a ${prefixes.join()}`));
    events.on('public-content-changed', () => {
      throw new Error('broken listener');
    });
    events.on('public-content-changed', (prefixes) => void heard.push(`c ${prefixes.join()}`));
    events.on('post-changed', (id) => void heard.push(`post ${id}`));
    expect(() => events.emit('public-content-changed', ['blog:'])).toThrow('broken listener');
    expect(heard).toEqual(['a blog:', 'c blog:']);
    stop();
    events.emit('post-changed', 7);
    expect(heard).toEqual(['a blog:', 'c blog:', 'post 7']);
  });
});
