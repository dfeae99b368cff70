/** Where a resume request goes; its answer carries the download token. */
import { ADMIN_PREFIX } from '../../lib/api.ts';
export const RESUME_REQUEST_PATH = '/api/resume/request';
export const resumeDownloadPath = (token: string) => `/api/resume/download/${encodeURIComponent(token)}`;

/** Who asked for the resume. */
export const resumeOwnerPaths = {
  resumeRequests: `${ADMIN_PREFIX}resume-requests`,
} as const;

/** The request form's name in /resume's action. */
export const RESUME_FORM = 'resume';
