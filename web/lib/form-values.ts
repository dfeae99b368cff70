/**
 * A posted form read with the shared zod schema of what it sends (issue 44): the schema's own
 * fields say how each is read from the form data, so no action copies a field list by hand.
 *
 * - a boolean is a checkbox: present ('on', 'true') or absent;
 * - a number is its text as a number ('' is no value);
 * - an array is every value posted under its name;
 * - text or a list (a union of both, split on commas by its schema) is every value joined by commas;
 * - text, a choice or a date is the text posted, or no value when the field was not posted.
 *
 * Fields the schema does not name are not read (the `_form` name, a honeypot the schema lacks).
 */
import type { z } from 'zod';

type Kind = 'boolean' | 'number' | 'array' | 'list' | 'object' | 'text';

/** What a field's schema reads as, under its optional, default, nullable and pipe wrappers. */
export function kindOf(schema: z.ZodType): Kind {
  let current = schema as unknown as {
    _zod: { def: { type: string; innerType?: unknown; in?: unknown; options?: unknown[] } };
  };
  for (let depth = 0; depth < 16; depth++) {
    const def = current._zod.def;
    if (def.innerType) current = def.innerType as typeof current;
    else if (def.type === 'pipe' && def.in) current = def.in as typeof current;
    else if (def.type === 'boolean') return 'boolean';
    else if (def.type === 'number' || def.type === 'int' || def.type === 'bigint') return 'number';
    else if (def.type === 'array' || def.type === 'set') return 'array';
    else if (def.type === 'object' || def.type === 'record') return 'object';
    else if (def.type === 'union' && def.options?.some((option) => kindOf(option as z.ZodType) === 'array'))
      return 'list';
    else return 'text';
  }
  return 'text';
}

/** A schema a form is read with: an object, or an object piped into another shape (what the API takes). */
export type FormSchema = z.ZodObject | z.ZodPipe<z.ZodObject | z.ZodPipe<z.ZodObject, z.ZodType>, z.ZodType>;

/** The fields the form posts: the object's, or the object's a pipe starts from. */
export function shapeOf(schema: FormSchema): Record<string, z.ZodType> {
  const def = (schema as unknown as { _zod: { def: { type: string; in?: FormSchema } } })._zod.def;
  if (def.type === 'pipe' && def.in) return shapeOf(def.in);
  return (schema as z.ZodObject).shape as Record<string, z.ZodType>;
}

/** The object the schema parses, read from the posted fields. */
export function formObject(form: FormData, schema: FormSchema): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(shapeOf(schema))) {
    const posted = form.getAll(name).filter((value): value is string => typeof value === 'string');
    switch (kindOf(field as z.ZodType)) {
      case 'boolean':
        values[name] = posted.some((value) => value === 'on' || value === 'true');
        break;
      case 'number':
        if (posted[0] !== undefined && posted[0].trim() !== '') values[name] = Number(posted[0]);
        break;
      case 'array':
        values[name] = posted;
        break;
      case 'list':
        if (posted.length > 0) values[name] = posted.join(', ');
        break;
      case 'object':
        // Not something a form posts (a visit's source is added by the action itself).
        break;
      default: {
        const text = posted.at(-1);
        // An empty choice of a field that may be left out ('Any purpose') is no choice.
        const leftOut =
          text === '' &&
          !(field as z.ZodType).safeParse('').success &&
          (field as z.ZodType).safeParse(undefined).success;
        if (text !== undefined && !leftOut) values[name] = text;
      }
    }
  }
  return values;
}

/** Each field's first message (the spec's), by field name; a message about the whole form under ''. */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    messages[field] ??= issue.message;
  }
  return messages;
}

/** The posted fields parsed with `schema`: the values it gives, or each field's message. */
export function parseForm<S extends FormSchema>(
  form: FormData,
  schema: S,
): { ok: true; values: z.output<S> } | { ok: false; errors: Record<string, string> } {
  const parsed = schema.safeParse(formObject(form, schema));
  return parsed.success
    ? { ok: true, values: parsed.data as z.output<S> }
    : { ok: false, errors: fieldMessages(parsed.error) };
}
