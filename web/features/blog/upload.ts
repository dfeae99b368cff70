import { adminPaths } from '../admin/api.ts';

/** Uploads a file to POST /api/upload in the field 'image' (cover) or 'media' (inline); gives its URL. */
export async function uploadFile(field: 'image' | 'media', file: File): Promise<string> {
  const body = new FormData();
  body.append(field, file);
  const response = await fetch(adminPaths.upload, { method: 'POST', body, credentials: 'include' });
  const text = await response.text();
  let parsed: { url?: string; message?: string } = {};
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    // Not JSON: the text is the message.
  }
  if (!response.ok || !parsed.url) throw new Error(parsed.message || text || 'Unknown error');
  return parsed.url;
}
