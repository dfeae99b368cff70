import { SIGN_IN_REQUIRED } from '../../common/constants.ts';

/** An error with an HTTP status whose message is safe to show the client (4xx only). */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found') => new HttpError(404, message);

/** A call that needs a session came without one. */
export const signInRequired = () => new HttpError(401, SIGN_IN_REQUIRED);
