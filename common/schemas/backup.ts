/** The owner's data: a backup file as listed, and what a Markdown import did (or would do) with each post. */
import { z } from './zod.ts';

export const backupFileSchema = z.object({ name: z.string(), bytes: z.number(), createdAt: z.string() });
export type BackupFile = z.infer<typeof backupFileSchema>;
export const backupListSchema = z.object({ items: z.array(backupFileSchema) });

export const importResultSchema = z.object({
  file: z.string(),
  slug: z.string().nullable(),
  action: z.enum(['create', 'update', 'skip']),
  /** Why: what changes on an update, what is wrong or unchanged on a skip. */
  reason: z.string(),
  /** What reading the post changed or dropped, what could not be brought, its old addresses. */
  notes: z.array(z.string()),
});
export type ImportResult = z.infer<typeof importResultSchema>;
export const importAnswerSchema = z.object({ dryRun: z.boolean(), results: z.array(importResultSchema) });
