/**
 * The post editor's files as the browser posts them with the form, without the page's code (which
 * uploads each as it is chosen: editor-uploads.tsx): stored through the same upload API before the
 * post is read, each put where the code would have put it, the cover in its field and an image or
 * a video at the end of the content. A refused save then holds their addresses, so neither is
 * chosen again. An image needs its description, as with the code: one sent without it is stored
 * all the same and waits in `mediaUrl` (the page shows it) for the description of the next press.
 */
import type { WebLoadContext } from '../../../common/web-context.ts';
import { chosenFile, fileCall, messagesOf, type Problem } from '../../lib/route-form.server.ts';
import { ALT_MISSING, FILE_FIELDS, imageBlock, insertBlock, videoBlock } from './editor-uploads.tsx';
import { ownerBlogPaths } from './owner-api.ts';

/** An image stored by an earlier press, waiting for its description: one of the site's uploads. */
const WAITING_ADDRESS = /^\/uploads\/[\w./-]+$/;

/** The file stored as the upload API's `field`: its address, a problem, or nothing (signed out: the save says so). */
async function store(context: WebLoadContext, field: 'image' | 'media', file: File) {
  const call = fileCall(ownerBlogPaths.upload, field, file);
  const answer = await context.sendApi(call.method, call.path, call.body, call.contentType);
  const url = (answer.body as { url?: unknown } | null)?.url;
  if (answer.status === 201 && typeof url === 'string') return { url };
  if (answer.status === 401) return {};
  return { problem: `Failed to upload ${field}: ${messagesOf(answer).message ?? 'Unknown error'}` };
}

export async function storeEditorFiles(
  form: FormData,
  context: WebLoadContext,
): Promise<Problem | undefined> {
  const cover = chosenFile(form, FILE_FIELDS.cover);
  const media = chosenFile(form, FILE_FIELDS.media);
  const alt = String(form.get(FILE_FIELDS.alt) ?? '').trim();
  if (cover) {
    const stored = await store(context, 'image', cover);
    if (stored.problem) return { problem: stored.problem, field: 'coverImage' };
    if (stored.url) form.set('coverImage', stored.url);
  }
  let waiting = WAITING_ADDRESS.exec(String(form.get(FILE_FIELDS.waiting) ?? ''))?.[0];
  if (media) {
    const stored = await store(context, 'media', media);
    if (stored.problem) return { problem: stored.problem, field: FILE_FIELDS.media };
    if (stored.url && media.type.startsWith('video/'))
      form.set('content', insertBlock(String(form.get('content') ?? ''), videoBlock(stored.url)));
    else if (stored.url) waiting = stored.url;
  }
  if (!waiting) return undefined;
  if (!alt) {
    form.set(FILE_FIELDS.waiting, waiting);
    return { problem: ALT_MISSING, field: FILE_FIELDS.alt };
  }
  form.set('content', insertBlock(String(form.get('content') ?? ''), imageBlock(waiting, alt)));
  form.delete(FILE_FIELDS.waiting);
  form.delete(FILE_FIELDS.alt);
  return undefined;
}
