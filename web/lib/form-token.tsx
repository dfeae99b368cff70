/**
 * The public forms' bot checks in the page (comment, guest post, endorsement): the 'not-a-robot'
 * verification field (labelled as the spec's messages name it, 'CAPTCHA verification'; checked
 * again by the server), a honeypot people never see or reach, and a token the page's action
 * handed back with its answer, for the next post. A form's first post
 * carries no token: its action takes the visit's (route-form.server.ts).
 */
import { VERIFICATION_PHRASE } from '../../common/constants.ts';
import { Field } from '../ui/field.tsx';
import { Input } from '../ui/input.tsx';
import type { RouteFormState } from './route-form.tsx';

export function HumanCheck({ form }: { form: Pick<RouteFormState, 'field' | 'errorOf' | 'answer'> }) {
  const formToken = form.answer?.formToken;
  return (
    <>
      <Field
        label="CAPTCHA verification"
        hint={`Type ${VERIFICATION_PHRASE} to show you are a person.`}
        error={form.errorOf('captchaToken')}
      >
        <Input autoComplete="off" {...form.field('captchaToken')} />
      </Field>
      <Honeypot formToken={formToken} />
    </>
  );
}

/** A field people never see or reach (bots that fill every input fill it in), and the answer's token. */
export function Honeypot({ formToken }: { formToken?: string | undefined }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Website
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
      {formToken ? <input type="hidden" name="formToken" value={formToken} /> : null}
    </div>
  );
}
