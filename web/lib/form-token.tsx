import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { MIN_FORM_FILL_MS } from '../../common/constants.ts';
import { VERIFICATION_PHRASE } from '../../common/schemas/shared.ts';
import { Field } from '../ui/field.tsx';
import { Input } from '../ui/input.tsx';
import { type FormTokenFor, formTokenPath, formTokenQuery, useFormTokenRefresh } from './api.ts';
import { ApiError } from './request.ts';
import { isStaticHost } from './static-mode.ts';

// The server treats a form sent back sooner than a person could fill it as a bot's (with a little
// margin here for clocks) and refuses a token older than 6 hours; a token is fetched again well
// before that, and after every submission.
const MIN_FILL_MS = MIN_FORM_FILL_MS + 200;
const REFRESH_MS = 30 * 60 * 1000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A refusal of the token itself (expired, or already spent): worth one more try with a fresh one. */
function isTokenRefusal(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  try {
    return Boolean((JSON.parse(error.text) as { errors?: { formToken?: unknown } }).errors?.formToken);
  } catch {
    return false;
  }
}

/**
 * The single-use token of a public form's bot check. Fetched when the form shows; the returned
 * function hands a token to `send`, waits first if the token is younger than a person's typing
 * (a second comment right after the first), fetches a new one after every submission, and when
 * the server refuses the token (a tab left open overnight) tries once more with a fresh one, so
 * a person never retypes anything.
 */
export function useFormToken(target: FormTokenFor) {
  const queryClient = useQueryClient();
  const path = formTokenPath(target);
  // The static copy has no server to sign a token (and its forms say so).
  useFormTokenRefresh(path, REFRESH_MS, !isStaticHost());
  return useCallback(
    async <T,>(send: (formToken: string) => Promise<T>): Promise<T> => {
      const attempt = async () => {
        const { token } = await queryClient.fetchQuery(formTokenQuery(path, REFRESH_MS));
        const fetchedAt = queryClient.getQueryState([path])?.dataUpdatedAt ?? 0;
        await wait(fetchedAt + MIN_FILL_MS - Date.now());
        try {
          return await send(token);
        } finally {
          // Spent (or refused): the next submission needs a new one.
          void queryClient.resetQueries({ queryKey: [path], exact: true });
        }
      };
      try {
        return await attempt();
      } catch (error) {
        if (isTokenRefusal(error)) return attempt();
        throw error;
      }
    },
    [queryClient, path],
  );
}

/**
 * A field people never see or reach; bots that fill every input fill it in. With the token a
 * page's action handed back (a form posted before its code arrived), for the next post.
 */
export function Honeypot({
  register,
  formToken,
}: {
  register: UseFormRegisterReturn;
  formToken?: string | undefined;
}) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Website
        <input type="text" tabIndex={-1} autoComplete="off" {...register} />
      </label>
      {formToken ? <input type="hidden" name="formToken" value={formToken} /> : null}
    </div>
  );
}

/**
 * The public forms' bot checks in one place: the 'not-a-robot' verification
 * field (checked again by the server) and the hidden honeypot.
 */
/** HumanCheck's props from a form made with usePostForm (its fields `captchaToken` and `website`). */
export function humanCheckOf(postForm: {
  field: (name: 'captchaToken') => UseFormRegisterReturn & { defaultValue?: string };
  form: { register: (name: 'website') => UseFormRegisterReturn };
  errorOf: (name: 'captchaToken') => string | undefined;
  answer?: { formToken?: string | undefined } | undefined;
}) {
  return {
    captcha: postForm.field('captchaToken'),
    honeypot: postForm.form.register('website'),
    error: postForm.errorOf('captchaToken'),
    formToken: postForm.answer?.formToken,
  };
}

export function HumanCheck({
  captcha,
  honeypot,
  error,
  formToken,
}: {
  captcha: UseFormRegisterReturn & { defaultValue?: string };
  honeypot: UseFormRegisterReturn;
  error: string | undefined;
  /** A token the page's action handed back with its answer (a form posted without its code). */
  formToken?: string | undefined;
}) {
  return (
    <>
      <Field
        label="Verification"
        hint={`Type ${VERIFICATION_PHRASE} to show you are a person.`}
        error={error}
      >
        <Input autoComplete="off" {...captcha} />
      </Field>
      <Honeypot register={honeypot} formToken={formToken} />
    </>
  );
}
