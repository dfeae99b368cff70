/**
 * A form posted without JavaScript (or before its code arrived) goes to its page, whose action
 * sends it through the same API route as the script would. Form-encoded bodies are accepted
 * here only: the API stays JSON and multipart. The security plugin's origin check and control
 * character check apply to these routes as to every write.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SIGNED_OUT_WITH_FILES } from '../../common/constants.ts';
import { HttpError, signInRequired } from '../lib/http-error.ts';
import { isPageData } from './errors.ts';
import {
  BusyError,
  busy,
  FILE_FORM_BODY_LIMIT,
  FORM_BODY_LIMIT,
  formFields,
  RAW_BODY,
  routedAddress,
  UPLOAD_PAGES,
} from './web-requests.ts';

/** `POST /*`: the page rendered for this request by `renderFresh`, which runs its action. */
export async function formPostRoutes(
  app: FastifyInstance,
  renderFresh: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>,
) {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, formFields(String(body))),
    );
    // A form with a file (the owner's Markdown import): kept whole for the page's action, which
    // reads it as the browser sent it. Its bytes sit behind a symbol, so the body check above the
    // routes (text fields only) does not walk them.
    scope.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: FILE_FORM_BODY_LIMIT },
      (_request, body, done) => done(null, { [RAW_BODY]: body }),
    );
    // A file reaches a page only on the owner's upload pages, and only from the owner: any other
    // multipart post is refused before its body is read (it would be buffered whole first).
    scope.addHook('onRequest', async (request) => {
      if (!request.headers['content-type']?.toLowerCase().startsWith('multipart/')) return;
      const path = routedAddress(request.url)
        .replace(/\?.*$/, '')
        .replace(/\.data$/, '');
      if (!UPLOAD_PAGES.has(path)) throw new HttpError(415, 'This page takes no files.');
      // No larger than any form: read as one (the owner's post after the session ended goes on to
      // the page, which keeps what was typed; the API's guard answers the rest).
      if (Number(request.headers['content-length']) <= FORM_BODY_LIMIT) return;
      // The page's action reads the file through the admin API (its one guard); this only spares
      // reading 50 MB for a stranger, with the same answers as that guard.
      const user = await request.currentUser();
      // The browser's own post shows the answer as it comes (errors.ts: a page); the code's, its message.
      if (!user) throw isPageData(request.url) ? signInRequired() : new HttpError(401, SIGNED_OUT_WITH_FILES);
      if (!user.isAdmin) throw new HttpError(403, 'Admin access required');
    });
    const post = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.url === '/api' || request.url.startsWith('/api/')) return reply.callNotFound();
      try {
        return await renderFresh(request, reply);
      } catch (error) {
        if (error instanceof BusyError) return busy(reply);
        throw error;
      }
    };
    scope.post('/*', post);
    scope.post('/', post);
  });
}
