import { MIN_FORM_FILL_MS } from '../../common/constants.ts';
import { VERIFICATION_PHRASE } from '../../common/schemas/shared.ts';
import type { FormKind, FormTokens, FormTokenUses } from './form-token.ts';
import { HttpError } from './http-error.ts';

export const FORM_EXPIRED = 'This form has expired. Please reload the page and try again.';
export const FORM_USED = 'This form has already been sent. Each submission needs a fresh form.';

export interface BotCheck {
  /**
   * Checks a public form's bot fields and spends its token. Throws a 400 for a missing,
   * forged, foreign or expired token (a person with a stale page is told, never silently
   * dropped) and for a token already spent. Returns false for a bot's submission (hidden
   * honeypot filled, or sent back faster than a person can type): callers answer it like
   * a person's and store nothing.
   */
  admit(body: { website?: string; formToken?: string }, form: FormKind, scope?: string): Promise<boolean>;
}

export function createBotCheck(tokens: FormTokens, uses: FormTokenUses): BotCheck {
  return {
    async admit(body, form, scope = '') {
      const token = tokens.check(body.formToken, form, scope);
      if (!token.ok) throw new HttpError(400, FORM_EXPIRED, { formToken: FORM_EXPIRED });
      // Spent even by a bot's submission, so a replay learns nothing new.
      if (!(await uses.spend(token.id, token.expiresAt))) {
        throw new HttpError(400, FORM_USED, { formToken: FORM_USED });
      }
      if (body.website && body.website.trim() !== '') return false;
      return token.ageMs >= MIN_FORM_FILL_MS;
    },
  };
}

/** The verification field must hold the phrase 'not-a-robot' (trimmed, any case). */
export function checkVerificationPhrase(value: string, message: string): void {
  if (value.trim().toLowerCase() !== VERIFICATION_PHRASE) {
    throw new HttpError(400, message, { captchaToken: message });
  }
}
