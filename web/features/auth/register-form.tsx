import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { registerFormSchema } from '../../../common/schemas/forms.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { useRegister } from './sign-in.ts';

type RegisterForm = z.input<typeof registerFormSchema>;

/** Username, email, password and its confirmation (checked here, never sent). */
export function RegisterForm() {
  const registerMutation = useRegister();
  const form = useForm<RegisterForm>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit(({ username, email, password }) =>
        registerMutation.mutate({ username, email, password }),
      )}
    >
      <Field label="Username" error={errors.username?.message}>
        <Input autoComplete="username" {...form.register('username')} />
      </Field>
      <Field label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </Field>
      <Field label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </Field>
      <Field label="Confirm Password" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </Field>
      <Button type="submit" className="w-full" disabled={registerMutation.isPending}>
        {registerMutation.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
