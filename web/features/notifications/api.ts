/** The notification outbox as the owner sees it: its paths, reads and requests. */
import { ADMIN_PREFIX } from '../admin/api.ts';

/** The notification outbox. */
export const outboxPaths = {
  outbox: `${ADMIN_PREFIX}outbox`,
  outboxRetry: (id: number) => `${ADMIN_PREFIX}outbox/${id}/retry`,
} as const;
