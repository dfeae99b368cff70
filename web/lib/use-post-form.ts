/**
 * A react-hook-form form that also works posted without its code (ADR 013): its default values
 * are what the page's action kept from a refused post, then whatever the visitor typed before the
 * code arrived (so nothing is cleared as the form comes alive); the server's field messages show
 * until the visitor sends it again; each field carries its value in the server's HTML.
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
import { typedValues, useFormAnswer } from './form-post.ts';

export function usePostForm<T extends FieldValues>({
  id,
  form: formName,
  empty,
  resolver,
}: {
  /** The `<form>` element's id (where typed values are read from before the code arrived). */
  id: string;
  /** The form's name in the page's action (its `_form` field). */
  form: string;
  empty: T;
  resolver: Resolver<T>;
}) {
  const answer = useFormAnswer(formName);
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
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(answer?.errors ?? {});

  /** A field's registration with its value in the server's HTML. */
  const field = (name: Path<T>) => {
    const value = (defaults as Record<string, unknown>)[name];
    return typeof value === 'boolean'
      ? { ...form.register(name), defaultChecked: value }
      : { ...form.register(name), defaultValue: typeof value === 'string' ? value : '' };
  };
  /** The field's message: the browser's check, else the server's from a post without the code. */
  const errorOf = (name: Path<T>): string | undefined =>
    (get(form.formState.errors, name) as { message?: string } | undefined)?.message ?? serverErrors[name];
  /** The form's submit handler: the server's messages give way to the browser's own checks. */
  const onSubmit = (send: (values: T) => void) =>
    form.handleSubmit((values) => {
      setServerErrors({});
      send(values);
    });
  return { form, answer, field, errorOf, onSubmit, defaults };
}
