/**
 * The resume PDF, drawn from the content/ profile so it always matches the site.
 * Built once per process (the content is fixed at build time) and kept in memory.
 */
import PDFDocument from 'pdfkit';
import { claims, contactInfo, profile, socialLinks } from '../../../content/profile.ts';
import { projects } from '../../../content/projects.ts';
import { additionalSkills, seedSkills } from '../../../content/skills.ts';

const ACCENT = '#1e3a8a';
const MUTED = '#475569';

function renderResume(): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: 54, bottom: 54, left: 60, right: 60 },
    info: { Title: `${profile.name} – Resume`, Author: profile.name, Subject: profile.title },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  const heading = (text: string) => {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).fillColor(ACCENT).text(text.toUpperCase());
    const y = doc.y + 2;
    doc
      .moveTo(doc.page.margins.left, y)
      .lineTo(doc.page.width - doc.page.margins.right, y)
      .strokeColor(ACCENT)
      .lineWidth(0.8)
      .stroke();
    doc.moveDown(0.4).fillColor('black');
  };
  const entry = (title: string, place: string, period: string, description: string) => {
    doc
      .font('Helvetica-Bold')
      .fontSize(10.5)
      .fillColor('black')
      .text(`${title} · ${place}`, { continued: true });
    doc.font('Helvetica').fillColor(MUTED).text(`   ${period}`);
    doc.font('Helvetica').fontSize(10).fillColor('black').text(description).moveDown(0.4);
  };

  doc.font('Helvetica-Bold').fontSize(24).fillColor(ACCENT).text(profile.name);
  doc.font('Helvetica').fontSize(13).fillColor('black').text(profile.title);
  const links = socialLinks.filter((l) => l.icon !== 'mail').map((l) => l.url.replace(/^https?:\/\//, ''));
  doc
    .fontSize(9.5)
    .fillColor(MUTED)
    .text([contactInfo.email, contactInfo.phone, contactInfo.location].join('  ·  '));
  doc.text(links.join('  ·  '));

  heading('Profile');
  doc.font('Helvetica').fontSize(10).text(profile.description);
  doc
    .moveDown(0.3)
    .text(
      `${claims.yearsOfExperience} years of experience · ${claims.smallBusinesses} small businesses served · ` +
        `${claims.projectsIn2024} projects delivered in 2024 · tools used by ${claims.users} people`,
    );

  heading('Experience');
  for (const item of profile.experience) entry(item.title, item.place, item.period, item.description);

  heading('Selected projects');
  for (const project of projects.slice(0, 5)) {
    doc.font('Helvetica-Bold').fontSize(10.5).text(project.title, { continued: true });
    doc
      .font('Helvetica')
      .fillColor(MUTED)
      .text(`   ${project.techStack.slice(0, 4).join(', ')}`);
    doc.fillColor('black').fontSize(10).text(project.description).moveDown(0.3);
  }

  heading('Skills');
  for (const category of ['frontend', 'backend', 'devops'] as const) {
    const label = { frontend: 'Frontend', backend: 'Backend', devops: 'Tools & DevOps' }[category];
    const names = seedSkills.filter((s) => s.category === category).map((s) => s.name);
    doc.font('Helvetica-Bold').fontSize(10).text(`${label}: `, { continued: true });
    doc.font('Helvetica').text(names.join(', '));
  }
  doc
    .font('Helvetica-Bold')
    .text('Also: ', { continued: true })
    .font('Helvetica')
    .text(additionalSkills.join(', '));

  heading('Education');
  for (const item of profile.education) entry(item.title, item.place, item.period, item.description);

  doc.end();
  return done;
}

let cached: Promise<Buffer> | undefined;

/** The resume as PDF bytes, rendered on first use. */
export function resumePdf(): Promise<Buffer> {
  cached ??= renderResume();
  return cached;
}

export function resumeFileName(): string {
  return `${profile.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-resume.pdf`;
}
