import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_TYPES } from '../common/constants.ts';
import { countWords } from '../common/text.ts';
import { seedPosts } from './blog-posts.ts';
import { claims, contactInfo, profile, quoteSocialLinks, socialLinks } from './profile.ts';
import { projects } from './projects.ts';
import { additionalSkills, seedSkills } from './skills.ts';

const contentDir = import.meta.dirname;
/** A site path like /images/x.svg must be a file under content/images/. */
const localImageExists = (path: string) =>
  path.startsWith('/images/') && existsSync(join(contentDir, 'images', path.slice('/images/'.length)));

describe('owner profile', () => {
  it('has three education and three experience items and the resume under the site’s API', () => {
    expect(profile.education).toHaveLength(3);
    expect(profile.experience).toHaveLength(3);
    expect(profile.resumeUrl).toBe('/api/resume');
    expect(localImageExists(profile.profileImage)).toBe(true);
    expect(profile.typingPhrases).toHaveLength(4);
  });

  it('lists the five social links and the quote section’s four', () => {
    expect(socialLinks.map((l) => l.icon)).toEqual(['github', 'linkedin', 'threads', 'globe', 'mail']);
    expect(quoteSocialLinks.map((l) => l.platform)).toEqual(['github', 'linkedin', 'twitter', 'email']);
  });

  it('has contact info in Atlanta, Georgia and the claims of the spec', () => {
    expect(contactInfo.location).toBe('Atlanta, Georgia');
    expect(claims).toEqual({
      smallBusinesses: 12,
      users: '500+',
      leadShare: '35%',
      projectsIn2024: '12+',
      yearsOfExperience: '5+',
    });
  });

  it('has the eight additional skills and skills in all three categories', () => {
    expect(additionalSkills).toHaveLength(8);
    for (const category of ['frontend', 'backend', 'devops']) {
      expect(seedSkills.filter((s) => s.category === category).length).toBeGreaterThan(0);
    }
  });
});

describe('projects', () => {
  it('cover every demo type, including one without a demo', () => {
    expect(new Set(projects.map((p) => p.demoType))).toEqual(new Set(DEMO_TYPES));
  });

  it('give github demos their repository and iframe/video demos a URL to show', () => {
    for (const project of projects) {
      if (project.demoType === 'github')
        expect(project.repoOwner && project.repoName, project.id).toBeTruthy();
      if (project.demoType === 'video') expect(project.demoUrl, project.id).toBeTruthy();
      if (project.demoType === 'iframe' || project.demoType === 'custom') {
        expect(project.liveUrl ?? project.demoUrl, project.id).toBeTruthy();
      }
    }
  });

  it('use local images made for the project', () => {
    for (const project of projects) expect(localImageExists(project.image), project.image).toBe(true);
  });

  it('carry a synopsis with a full case study on the projects that have one', () => {
    const withSynopsis = projects.filter((p) => p.synopsis);
    expect(withSynopsis.length).toBeGreaterThanOrEqual(4);
    for (const { synopsis } of withSynopsis) {
      expect(synopsis?.caseStudy.features.length).toBeGreaterThan(0);
      expect(synopsis?.caseStudy.status).toBeTruthy();
    }
  });
});

describe('seed posts', () => {
  const published = seedPosts.filter((p) => p.isPublished);

  it('include at least four published posts of 300+ words and one draft', () => {
    expect(published.length).toBeGreaterThanOrEqual(4);
    expect(seedPosts.filter((p) => !p.isPublished)).toHaveLength(1);
    for (const post of published) {
      const body = readFileSync(join(contentDir, 'posts', post.file), 'utf8');
      expect(countWords(body), post.slug).toBeGreaterThanOrEqual(300);
    }
  });

  it('have unique slugs, tags and local cover images', () => {
    expect(new Set(seedPosts.map((p) => p.slug)).size).toBe(seedPosts.length);
    for (const post of seedPosts) {
      expect(post.tags.length).toBeGreaterThan(0);
      expect(localImageExists(post.coverImage), post.coverImage).toBe(true);
    }
  });

  it('never reference an image on another host', () => {
    for (const post of seedPosts) {
      const body = readFileSync(join(contentDir, 'posts', post.file), 'utf8');
      expect(body).not.toMatch(/!\[[^\]]*\]\(https?:/);
    }
  });
});

describe('the built-in illustrations', () => {
  const svgs = (folder: string) =>
    readdirSync(join(contentDir, 'images', folder))
      .filter((file) => file.endsWith('.svg'))
      .map((file) => join(folder, file));

  it('carry no text for a frame to crop, and each names what it shows', () => {
    const files = [...svgs('projects'), ...svgs('posts'), 'profile.svg'];
    expect(files.length).toBeGreaterThanOrEqual(13);
    for (const file of files) {
      const svg = readFileSync(join(contentDir, 'images', file), 'utf8');
      expect(svg, file).not.toMatch(/<text\b/);
      expect(svg, file).toMatch(/^<svg [^>]*role="img" aria-label="[^"]+"/);
    }
  });

  it('are the images every project and seed post points at', () => {
    for (const project of projects) expect(localImageExists(project.image), project.id).toBe(true);
    for (const post of seedPosts)
      if (post.coverImage) expect(localImageExists(post.coverImage), post.slug).toBe(true);
  });
});
