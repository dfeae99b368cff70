/** Where a resume request goes; its answer carries the download token. */
export const RESUME_REQUEST_PATH = '/api/resume/request';
export const resumeDownloadPath = (token: string) => `/api/resume/download/${encodeURIComponent(token)}`;
