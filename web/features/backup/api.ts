/** The owner's data (backups, the posts as Markdown): its paths and requests. */
import { useQuery } from '@tanstack/react-query';
import type { BackupFile } from '../../../common/schemas/backup.ts';
import { ADMIN_PREFIX } from '../../lib/api.ts';

/** The owner's data: backups, and the posts as Markdown. */
export const dataPaths = {
  backups: `${ADMIN_PREFIX}backups`,
  backup: (name: string) => `${ADMIN_PREFIX}backups/${encodeURIComponent(name)}`,
  postsExport: `${ADMIN_PREFIX}posts/export`,
  postsImport: `${ADMIN_PREFIX}posts/import`,
} as const;

export const useBackups = () => useQuery<{ items: BackupFile[] }>({ queryKey: [dataPaths.backups] });
/** The page's forms by name in its action: a backup now; a zip of Markdown posts, previewed or imported. */
export const DATA_FORMS = { backup: 'backup', import: 'import' } as const;
