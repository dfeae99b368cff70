/** The owner's data (backups, the posts as Markdown): its paths and requests. */
import { useQuery } from '@tanstack/react-query';
import type { BackupFile, ImportResult } from '../../../common/schemas/backup.ts';
import { ApiError, apiRequest } from '../../lib/request.ts';
import { ADMIN_PREFIX } from '../admin/api.ts';

/** The owner's data: backups, and the posts as Markdown. */
export const dataPaths = {
  backups: `${ADMIN_PREFIX}backups`,
  backup: (name: string) => `${ADMIN_PREFIX}backups/${encodeURIComponent(name)}`,
  postsExport: `${ADMIN_PREFIX}posts/export`,
  postsImport: `${ADMIN_PREFIX}posts/import`,
} as const;

export const useBackups = () => useQuery<{ items: BackupFile[] }>({ queryKey: [dataPaths.backups] });
export const backUpNow = () => apiRequest('POST', dataPaths.backups);

/** Sends a zip of Markdown posts: a preview (`dryRun`) or the import itself; what it did with each. */
export async function importPosts(file: File, dryRun: boolean): Promise<ImportResult[]> {
  const body = new FormData();
  body.append('file', file);
  const response = await fetch(`${dataPaths.postsImport}?dryRun=${dryRun}`, {
    method: 'POST',
    body,
    credentials: 'include',
  });
  if (!response.ok) throw new ApiError(response.status, (await response.text()) || response.statusText);
  return ((await response.json()) as { results: ImportResult[] }).results;
}
