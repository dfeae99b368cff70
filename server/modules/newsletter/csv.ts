/**
 * The list as CSV: the owner's export (every address with its state and consent) and an import
 * from another provider. An import needs a consent column (a time, or yes): a row without consent
 * is skipped and said so. An address already here keeps its state: an unsubscribed or bounced
 * one is a suppression and is never put back; an imported address marked unsubscribed comes in
 * as a suppression. Imported addresses with consent are on the list (they confirmed elsewhere).
 */
import { describeSource } from '../../../common/lead-source.ts';
import type { ImportReport } from '../../../common/schemas/newsletter.ts';
import { z } from '../../../common/schemas/zod.ts';
import type { Db } from '../../db/client.ts';
import { newsletterSubscribers } from '../../db/schema.ts';
import { CsvUnreadable, csvFile, parseCsv } from '../../lib/csv.ts';
import { HttpError } from '../../lib/http-error.ts';
import { emailKeyOf, mailboxKeyOf } from './subscribers.ts';

export const MAX_IMPORT_ROWS = 50_000;
/** Rows an import writes in one statement (about 11 parameters each, far below PostgreSQL's 65,535). */
const IMPORT_BATCH = 100;
const EMAIL = z.email();

const HEADER = [
  'email',
  'name',
  'cadence',
  'status',
  'source',
  'lead_source',
  'consent_at',
  'confirmed_at',
  'unsubscribed_at',
  'created_at',
];

/** Every subscriber, suppressions included, oldest first. */
export async function exportCsv(db: Db): Promise<string> {
  const rows = await db.select().from(newsletterSubscribers).orderBy(newsletterSubscribers.id);
  const iso = (at: Date | null) => at?.toISOString() ?? '';
  return csvFile(
    HEADER,
    rows.map((row) => [
      row.email,
      row.name,
      row.cadence,
      row.status,
      row.source,
      row.leadSource ? describeSource(row.leadSource) : '',
      iso(row.consentAt),
      iso(row.confirmedAt),
      iso(row.unsubscribedAt),
      iso(row.createdAt),
    ]),
  );
}

const column = (header: string[], ...names: string[]) =>
  header.findIndex((name) =>
    names.includes(
      name
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, '_'),
    ),
  );

/** When consent was given, from the consent column: a time, or yes; null for none. */
function consentOf(value: string, now: Date): Date | null {
  const text = value.trim();
  if (/^(yes|y|true|1|opted[_ -]?in|subscribed|confirmed)$/i.test(text)) return now;
  if (/^\d{4}-\d{2}-\d{2}/.test(text)) {
    const at = new Date(text);
    return Number.isNaN(at.getTime()) || at > now ? null : at;
  }
  return null;
}

export async function importCsv(db: Db, text: string, now: Date): Promise<ImportReport> {
  let read: string[][];
  try {
    read = parseCsv(text);
  } catch (error) {
    if (!(error instanceof CsvUnreadable)) throw error;
    throw new HttpError(400, error.message, { file: error.message });
  }
  const [header = [], ...lines] = read;
  const at = {
    email: column(header, 'email', 'email_address', 'e_mail'),
    name: column(header, 'name', 'first_name', 'firstname'),
    cadence: column(header, 'cadence', 'frequency'),
    status: column(header, 'status'),
    consent: column(header, 'consent', 'consent_at', 'consented_at', 'opt_in', 'optin', 'gdpr_consent'),
  };
  if (at.email < 0)
    throw new HttpError(400, 'The file needs an email column', { file: 'The file needs an email column' });
  if (at.consent < 0)
    throw new HttpError(400, 'The file needs a consent column (a date, or yes, for each address)', {
      file: 'The file needs a consent column (a date, or yes, for each address)',
    });
  if (lines.length > MAX_IMPORT_ROWS)
    throw new HttpError(400, `At most ${MAX_IMPORT_ROWS} addresses at a time`, {
      file: `At most ${MAX_IMPORT_ROWS} addresses at a time`,
    });

  const report: ImportReport = { added: 0, already: 0, suppressed: 0, skipped: [] };
  const seen = new Set<string>();
  const existing = new Map(
    (
      await db
        .select({ key: newsletterSubscribers.emailKey, status: newsletterSubscribers.status })
        .from(newsletterSubscribers)
    ).map((row) => [row.key, row.status]),
  );
  const rows: (typeof newsletterSubscribers.$inferInsert)[] = [];
  for (const [index, cells] of lines.entries()) {
    // Checking 50,000 lines takes a while: other requests get their turn every 2,000.
    if (index % 2000 === 1999) await new Promise((next) => setImmediate(next));
    const line = index + 2;
    const email = (cells[at.email] ?? '').trim();
    if (!EMAIL.safeParse(email).success || email.length > 254) {
      report.skipped.push({ line, reason: 'Not an email address' });
      continue;
    }
    const key = emailKeyOf(email);
    if (seen.has(key)) {
      report.skipped.push({ line, reason: 'The same address again' });
      continue;
    }
    seen.add(key);
    const state = existing.get(key);
    if (state === 'unsubscribed' || state === 'bounced') {
      report.suppressed++;
      continue;
    }
    if (state) {
      report.already++;
      continue;
    }
    const consentAt = consentOf(cells[at.consent] ?? '', now);
    if (!consentAt) {
      report.skipped.push({ line, reason: 'No consent' });
      continue;
    }
    const leaving = /^(unsubscribed|bounced|cleaned)$/i.test((cells[at.status] ?? '').trim());
    const name = (cells[at.name] ?? '')
      .trim()
      .replace(/[\p{Cc}]/gu, '')
      .slice(0, 60);
    rows.push({
      email,
      emailKey: key,
      name,
      cadence: /^month/i.test((cells[at.cadence] ?? '').trim()) ? 'monthly' : 'each',
      status: leaving ? 'unsubscribed' : 'confirmed',
      source: 'import',
      mailboxKey: mailboxKeyOf(email),
      consentAt,
      confirmedAt: leaving ? null : consentAt,
      unsubscribedAt: leaving ? now : null,
    });
  }
  // In batches, each its own short statement, with a turn of the event loop between them: the
  // embedded database has one connection, and 50,000 single inserts in one transaction held it
  // (and every page waiting on it) for 40 s. An address that signed up meanwhile is kept as it is.
  for (let from = 0; from < rows.length; from += IMPORT_BATCH) {
    const batch = rows.slice(from, from + IMPORT_BATCH);
    const inserted = await db
      .insert(newsletterSubscribers)
      .values(batch)
      .onConflictDoNothing()
      .returning({ status: newsletterSubscribers.status });
    for (const row of inserted) {
      if (row.status === 'unsubscribed') report.suppressed++;
      else report.added++;
    }
    report.already += batch.length - inserted.length;
    await new Promise((next) => setImmediate(next));
  }
  return report;
}
