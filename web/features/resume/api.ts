/** Where a resume request goes; its answer carries the download token. */
import type { ResumeRequestInput } from '../../../common/schemas/resume.ts';
import { requestJson } from '../../lib/request.ts';
import { ADMIN_PREFIX } from '../admin/api.ts';
export const RESUME_REQUEST_PATH = '/api/resume/request';
export const resumeDownloadPath = (token: string) => `/api/resume/download/${encodeURIComponent(token)}`;

/** Who asked for the resume. */
export const resumeOwnerPaths = {
  resumeRequests: `${ADMIN_PREFIX}resume-requests`,
} as const;

/** Asks for the resume: the answer carries the token of its download link. */
export const requestResume = async (request: ResumeRequestInput) =>
  (await requestJson<{ accessToken: string }>('POST', RESUME_REQUEST_PATH, request)).accessToken;
/** Where the resume behind a download token is. */
export const resumeUrl = async (accessToken: string) =>
  (await requestJson<{ resumeUrl: string }>('GET', resumeDownloadPath(accessToken))).resumeUrl;
