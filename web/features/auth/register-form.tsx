import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { registerFormSchema } from '../../../common/schemas/auth.ts';
import { paths } from '../../lib/paths.ts';
import { usePostForm } from '../../lib/use-post-form.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { FormName, FormNotice } from '../../ui/form-notice.tsx';
import { Input } from '../../ui/input.tsx';
import { useRegister } from './sign-in.ts';

type RegisterForm = z.input<typeof registerFormSchema>;

/** Username, email, password and its confirmation (checked here, never sent). */
export function RegisterForm() {
  const registerMutation = useRegister();
  const { answer, field, errorOf, onSubmit } = usePostForm<RegisterForm>({
    id: 'register-form',
    form: 'register',
    empty: { username: '', email: '', password: '', confirmPassword: '' },
    resolver: zodResolver(registerFormSchema),
  });
  return (
    <form
      id="register-form"
      method="post"
      action={`${paths.auth}?tab=register`}
      noValidate
      className="space-y-4"
      onSubmit={onSubmit(({ username, email, password }) =>
        registerMutation.mutate({ username, email, password }),
      )}
    >
      <FormName name="register" />
      <FormNotice answer={answer} />
      <Field label="Username" error={errorOf('username')}>
        <Input autoComplete="username" {...field('username')} />
      </Field>
      <Field label="Email" error={errorOf('email')}>
        <Input type="email" autoComplete="email" {...field('email')} />
      </Field>
      <Field label="Password" error={errorOf('password')}>
        <Input type="password" autoComplete="new-password" {...field('password')} />
      </Field>
      <Field label="Confirm Password" error={errorOf('confirmPassword')}>
        <Input type="password" autoComplete="new-password" {...field('confirmPassword')} />
      </Field>
      <Button
        type="submit"
        className="w-full"
        pending={registerMutation.isPending}
        pendingText="Creating account..."
      >
        Create Account
      </Button>
    </form>
  );
}
