/**
 * The newsletter's emails, built with react-email (responsive tables, a plain-text part beside the
 * HTML). Dark-mode safe: the layout declares both colour schemes, sets its own colours on every
 * block, and the dark ones follow the reader's setting; no image carries text. Every link and
 * image is an absolute address on the site; no tracking pixel, no rewritten link.
 */
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { render, toPlainText } from '@react-email/render';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';

export interface EmailParts {
  html: string;
  text: string;
}

export interface Site {
  /** The site's address without a trailing slash (PUBLIC_URL). */
  url: string;
  /** The owner's name, the list's name. */
  name: string;
  /** Where the owner works (the footer's postal line). */
  location: string;
}

const colours = { ink: '#1d1f24', muted: '#5b6270', paper: '#ffffff', page: '#f4f1ec', accent: '#9a4a1c' };

// Element styles for the body written in Markdown; the dark block follows the reader's setting.
const STYLE = `
  .content p, .content li { font-size: 16px; line-height: 1.6; color: ${colours.ink}; }
  .content h2, .content h3 { color: ${colours.ink}; line-height: 1.3; margin: 24px 0 8px; }
  .content a { color: ${colours.accent}; }
  .content img { max-width: 100%; height: auto; border-radius: 6px; }
  .content pre { white-space: pre-wrap; word-break: break-word; font-size: 13px; background: #f6f6f4; padding: 12px; border-radius: 6px; }
  .content code { font-size: 14px; }
  .content blockquote { margin: 0; padding-left: 12px; border-left: 3px solid #d8d2c8; color: ${colours.muted}; }
  @media (prefers-color-scheme: dark) {
    .page { background: #121316 !important; }
    .card { background: #1d1f24 !important; }
    .content p, .content li, .content h2, .content h3, .heading, .card-text { color: #ece9e4 !important; }
    .content a, .link { color: #e8a272 !important; }
    .muted { color: #a9afba !important; }
    .content pre { background: #26282e !important; }
  }
`;

/** The site's own paths in an HTML body made absolute ('/uploads/a.webp' -> 'https://site/uploads/a.webp'). */
export function absoluteUrls(html: string, siteUrl: string): string {
  return html.replace(/\b(src|href)="\/(?!\/)/g, `$1="${siteUrl}/`);
}

function Layout({
  site,
  preview,
  children,
  footer,
}: {
  site: Site;
  preview: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{STYLE}</style>
      </Head>
      <Preview>{preview}</Preview>
      <Body className="page" style={{ backgroundColor: colours.page, margin: 0, padding: '24px 0' }}>
        <Container
          className="card"
          style={{
            backgroundColor: colours.paper,
            maxWidth: '600px',
            padding: '32px 28px',
            borderRadius: '8px',
          }}
        >
          <Text className="muted" style={{ fontSize: '14px', color: colours.muted, margin: '0 0 16px' }}>
            <Link className="link" href={site.url} style={{ color: colours.accent, textDecoration: 'none' }}>
              {site.name}
            </Link>
          </Text>
          {children}
          <Hr style={{ borderColor: '#e4ded4', margin: '32px 0 16px' }} />
          <Section>{footer}</Section>
        </Container>
      </Body>
    </Html>
  );
}

const footerText = { fontSize: '13px', lineHeight: '1.5', color: colours.muted, margin: '4px 0' };

export interface IssueEmailInput {
  site: Site;
  subject: string;
  /** The body as HTML (from Markdown, sanitised), its links and images made absolute. */
  bodyHtml: string;
  /** The issue's web page. */
  webUrl: string;
  /** The subscriber's unsubscribe page (also the List-Unsubscribe link). */
  unsubscribeUrl: string;
  /** Why this reader gets it, in one sentence. */
  reason: string;
}

/** One issue as an email. */
export async function issueEmail(input: IssueEmailInput): Promise<EmailParts> {
  const { site } = input;
  const element = (
    <Layout
      site={site}
      preview={input.subject}
      footer={
        <>
          <Text className="muted" style={footerText}>
            {input.reason}{' '}
            <Link className="link" href={input.webUrl} style={{ color: colours.accent }}>
              Read it on the site
            </Link>
            .
          </Text>
          <Text className="muted" style={footerText}>
            <Link className="link" href={input.unsubscribeUrl} style={{ color: colours.accent }}>
              Unsubscribe or change how often
            </Link>{' '}
            · {site.name}, {site.location}
          </Text>
        </>
      }
    >
      <Text
        className="heading"
        style={{ fontSize: '24px', lineHeight: '1.3', fontWeight: 700, color: colours.ink }}
      >
        {input.subject}
      </Text>
      <div
        className="content card-text"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: Markdown rendered and sanitised by the site's renderer
        dangerouslySetInnerHTML={{ __html: absoluteUrls(input.bodyHtml, site.url) }}
      />
    </Layout>
  );
  return partsOf(element);
}

export interface ConfirmationEmailInput {
  site: Site;
  confirmUrl: string;
  /** What they chose, in words. */
  choice: string;
}

/** The double opt-in: nothing else is sent until its link is followed. */
export async function confirmationEmail(input: ConfirmationEmailInput): Promise<EmailParts> {
  const { site } = input;
  const element = (
    <Layout
      site={site}
      preview="Confirm your subscription"
      footer={
        <Text className="muted" style={footerText}>
          Someone, hopefully you, asked to subscribe this address to {site.name}’s newsletter. If it was not
          you, ignore this email: nothing is sent until the link is followed.
        </Text>
      }
    >
      <Text className="heading" style={{ fontSize: '22px', fontWeight: 700, color: colours.ink }}>
        Confirm your subscription
      </Text>
      <Text className="card-text" style={{ fontSize: '16px', lineHeight: '1.6', color: colours.ink }}>
        You asked for: {input.choice.toLowerCase()}. Press the link below to confirm, and the next one will
        reach you.
      </Text>
      <Text style={{ margin: '24px 0' }}>
        <Link
          href={input.confirmUrl}
          style={{
            backgroundColor: colours.accent,
            color: '#ffffff',
            padding: '12px 20px',
            borderRadius: '6px',
            fontWeight: 600,
            textDecoration: 'none',
            display: 'inline-block',
          }}
        >
          Confirm my subscription
        </Link>
      </Text>
      <Text className="muted" style={footerText}>
        Or open this address: {input.confirmUrl}
      </Text>
    </Layout>
  );
  return partsOf(element);
}

async function partsOf(element: ReactNode): Promise<EmailParts> {
  const html = await render(element);
  return { html, text: toPlainText(html) };
}
