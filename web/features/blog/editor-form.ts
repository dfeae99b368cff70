/**
 * The post editor's fields in the page (react-hook-form): the editor checks its rules as the owner
 * types, makes the slug, inserts uploads and keeps unsaved work, so its fields are state the page
 * holds. Saving still goes the one way every form does (route-form.tsx): the fields posted to the
 * page's action. They start from what that action kept from a refused save, then from what was
 * typed before the page's code arrived (the page is whole in its HTML), then from the post.
 */
import { useState } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  get,
  type Path,
  type Resolver,
  useForm,
} from 'react-hook-form';
import { type FormAnswer, typedValues } from '../../lib/form-post.ts';

export function useEditorForm<T extends FieldValues>({
  id,
  answer,
  empty,
  resolver,
}: {
  /** The `<form>` element's id (where typed values are read from before the code arrived). */
  id: string;
  /** The action's answer to the last save (its messages and what it kept). */
  answer: FormAnswer | undefined;
  empty: T;
  resolver: Resolver<T>;
}) {
  const [defaults] = useState<T>(() => {
    const values: Record<string, unknown> = { ...empty };
    const kept = answer?.values ?? {};
    for (const [name, blank] of Object.entries(empty)) {
      if (typeof blank === 'boolean')
        values[name] = answer ? kept[name] === 'on' || kept[name] === 'true' : blank;
      else if (typeof kept[name] === 'string') values[name] = kept[name];
    }
    for (const [name, typed] of Object.entries(typedValues(id))) {
      if (name in empty) values[name] = typed;
    }
    return values as T;
  });
  const form = useForm<T>({ resolver, defaultValues: defaults as DefaultValues<T> });

  /** A field's registration with its value in the server's HTML. */
  const field = (name: Path<T>) => {
    const value = (defaults as Record<string, unknown>)[name];
    return typeof value === 'boolean'
      ? { ...form.register(name), defaultChecked: value }
      : { ...form.register(name), defaultValue: typeof value === 'string' ? value : '' };
  };
  /** The field's message: the page's own check, else the action's (which may name a field of its own). */
  const errorOf = (name: Path<T> | (string & {})): string | undefined =>
    (get(form.formState.errors, name) as { message?: string } | undefined)?.message ?? answer?.errors[name];
  /** The submit handler: the page's own checks first, then `send`. */
  const onSubmit = (send: () => void) => form.handleSubmit(() => send());
  return { form, field, errorOf, onSubmit, defaults };
}
