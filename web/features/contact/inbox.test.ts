import { describe, expect, it } from 'vitest';
import type { AdminInboxItem } from '../../../common/schemas/contact.ts';
import { replyHref } from './inbox.tsx';

describe('replyHref', () => {
  const common = {
    id: 1,
    name: 'Dana',
    email: 'dana@example.com',
    message: 'Hello',
    createdAt: '2026-11-22T10:00:00.000Z',
    ipAddress: null,
    readAt: null,
    archivedAt: null,
    emailStatus: 'sent',
  } as const;

  it('fills the subject of a reply to a quote request from its project type', () => {
    const quote: AdminInboxItem = {
      ...common,
      kind: 'quote',
      phone: null,
      company: null,
      projectType: 'ecommerce',
      budget: '5-10k',
      timeframe: 'asap',
      newsletter: false,
      stage: 'new',
      firstReplyAt: null,
      decidedAt: null,
      valueUsd: null,
      leadSource: null,
      firstTouch: null,
      origin: 'quote',
    };
    expect(replyHref(quote)).toBe(
      'mailto:dana@example.com?subject=Re%3A%20your%20e-commerce%20store%20quote%20request',
    );
  });

  it('answers a message under its own subject, encoded', () => {
    const message: AdminInboxItem = { ...common, kind: 'contact', subject: 'Keys & remotes?' };
    expect(replyHref(message)).toBe('mailto:dana@example.com?subject=Re%3A%20Keys%20%26%20remotes%3F');
  });
});
