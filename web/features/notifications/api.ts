/** The notification outbox as the owner sees it: its paths and forms. */
import { ADMIN_PREFIX } from '../../lib/api.ts';

/** The notification outbox. */
export const outboxPaths = {
  outbox: `${ADMIN_PREFIX}outbox`,
  outboxRetry: (id: number) => `${ADMIN_PREFIX}outbox/${id}/retry`,
} as const;

/** Sends a failed or waiting message again now. */
/** 'Retry' on a failed message: a form of its row, posted to the outbox page (ADR 018). */
export const RETRY_FORM = 'outbox-retry';
