/** The notification outbox as the owner sees it: its paths, reads and requests. */
import type { OutboxMessage } from '../../../common/schemas/notifications.ts';
import { ADMIN_PREFIX } from '../../lib/api.ts';
import { requestJson } from '../../lib/request.ts';

/** The notification outbox. */
export const outboxPaths = {
  outbox: `${ADMIN_PREFIX}outbox`,
  outboxRetry: (id: number) => `${ADMIN_PREFIX}outbox/${id}/retry`,
} as const;

/** Sends a failed or waiting message again now. */
export const retryMessage = (id: number) => requestJson<OutboxMessage>('POST', outboxPaths.outboxRetry(id));
