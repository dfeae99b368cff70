/**
 * Username, email, password and its confirmation (checked by /auth's action, never sent to the
 * API), posted with the page's code or without it (ADR 018).
 */
import { useRouteForm } from '../../lib/route-form.tsx';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { FormNotice } from '../../ui/form-notice.tsx';
import { Input } from '../../ui/input.tsx';
import { REGISTER_FORM } from './api.ts';
import { AuthForm } from './auth-form.tsx';

const recheck = () => import('../../../common/schemas/auth.ts').then((module) => module.registerFormSchema);

export function RegisterForm() {
  // A new account goes back to the page it came from, else home (`?done=register`), where SignedInNotice says so.
  const register = useRouteForm(REGISTER_FORM, { recheck });
  const { field, errorOf } = register;
  return (
    <AuthForm form={register} id="register-form" tab="register" className="space-y-4">
      <FormNotice answer={register.answer} />
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
      <Button type="submit" className="w-full" pending={register.pending} pendingText="Creating account...">
        Create Account
      </Button>
    </AuthForm>
  );
}
