import { Field } from './field.tsx';
import { Input } from './input.tsx';

type Named = { name: string; defaultValue?: string } | { name: string; defaultChecked?: boolean };

/**
 * Who is writing: name and email, with the browser's autofill, and their errors; `form` is the
 * form's `field` and `errorOf` (useRouteForm) for its fields `name` and `email`.
 */
export function PersonFields({
  form,
}: {
  form: { field: (name: 'name' | 'email') => Named; errorOf: (name: 'name' | 'email') => string | undefined };
}) {
  return (
    <>
      <Field label="Name" error={form.errorOf('name')}>
        <Input autoComplete="name" {...form.field('name')} />
      </Field>
      <Field label="Email" error={form.errorOf('email')}>
        <Input type="email" autoComplete="email" {...form.field('email')} />
      </Field>
    </>
  );
}
