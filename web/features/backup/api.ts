/** The owner's data (backups, the posts as Markdown): its paths and requests. */
import { ADMIN_PREFIX } from '../admin/api.ts';

/** The owner's data: backups, and the posts as Markdown. */
export const dataPaths = {
  backups: `${ADMIN_PREFIX}backups`,
  backup: (name: string) => `${ADMIN_PREFIX}backups/${encodeURIComponent(name)}`,
  postsExport: `${ADMIN_PREFIX}posts/export`,
  postsImport: `${ADMIN_PREFIX}posts/import`,
} as const;
