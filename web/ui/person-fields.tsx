import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from './field.tsx';
import { Input } from './input.tsx';

/** Who is writing: name and email, with the browser's autofill, and their errors. */
export function PersonFields({
  name,
  email,
  errors,
}: {
  name: UseFormRegisterReturn & { defaultValue?: string };
  email: UseFormRegisterReturn & { defaultValue?: string };
  errors: { name?: string | undefined; email?: string | undefined };
}) {
  return (
    <>
      <Field label="Name" error={errors.name}>
        <Input autoComplete="name" {...name} />
      </Field>
      <Field label="Email" error={errors.email}>
        <Input type="email" autoComplete="email" {...email} />
      </Field>
    </>
  );
}
