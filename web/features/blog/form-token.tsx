import { useQuery } from '@tanstack/react-query';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { VERIFICATION_PHRASE } from '../../../common/schemas/forms.ts';
import { isStaticHost } from '../../lib/static-mode.ts';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';

/** The signed "form shown at" token the comment and guest-post forms send back (bot check). */
export function useFormToken(): string | undefined {
  // The static copy has no server to sign a token (and its forms say so).
  const { data } = useQuery<{ token: string }>({
    queryKey: ['/api/form-token'],
    staleTime: 60 * 60 * 1000,
    enabled: !isStaticHost(),
  });
  return data?.token;
}

/** A field people never see or reach; bots that fill every input fill it in. */
export function Honeypot({ register }: { register: UseFormRegisterReturn }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Website
        <input type="text" tabIndex={-1} autoComplete="off" {...register} />
      </label>
    </div>
  );
}

/**
 * The public forms' bot checks in one place: the 'not-a-robot' verification
 * field (checked again by the server) and the hidden honeypot.
 */
export function HumanCheck({
  captcha,
  honeypot,
  error,
}: {
  captcha: UseFormRegisterReturn;
  honeypot: UseFormRegisterReturn;
  error: string | undefined;
}) {
  return (
    <>
      <Field
        label="Verification"
        hint={`Type ${VERIFICATION_PHRASE} to show you are a person.`}
        error={error}
      >
        <Input autoComplete="off" placeholder={VERIFICATION_PHRASE} {...captcha} />
      </Field>
      <Honeypot register={honeypot} />
    </>
  );
}
