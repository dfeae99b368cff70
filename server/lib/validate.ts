import type { z } from 'zod';
import { HttpError } from './http-error.ts';

/**
 * Parses a value with a schema or throws the same 400 the route validator gives:
 * `{message: first message, errors: {field: message}}`. For bodies whose schema
 * depends on their content (a quote or a contact message).
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.') || '_'] ??= issue.message;
  throw new HttpError(400, result.error.issues[0]?.message ?? 'Invalid request', errors);
}
