import { VERIFICATION_PHRASE } from '../../common/schemas/forms.ts';
import type { FormTokens } from './form-token.ts';
import { MIN_FORM_FILL_MS } from './form-token.ts';
import { HttpError } from './http-error.ts';

export const FORM_EXPIRED = 'This form has expired. Please reload the page and try again.';

/**
 * True when the submission is a bot's: the hidden honeypot field is filled, or
 * the form came back faster than a person can fill it. Callers answer a bot
 * with a normal-looking success and store nothing. A missing or forged form
 * token is a 400 so a person with a stale page is told to reload, never lost.
 */
export function isBotSubmission(body: { website?: string; formToken?: string }, tokens: FormTokens): boolean {
  if (body.website && body.website.trim() !== '') return true;
  const age = tokens.age(body.formToken);
  if (age === null) throw new HttpError(400, FORM_EXPIRED, { formToken: FORM_EXPIRED });
  return age < MIN_FORM_FILL_MS;
}

/** The verification field must hold the phrase 'not-a-robot' (trimmed, any case). */
export function checkVerificationPhrase(value: string, message: string): void {
  if (value.trim().toLowerCase() !== VERIFICATION_PHRASE) {
    throw new HttpError(400, message, { captchaToken: message });
  }
}
