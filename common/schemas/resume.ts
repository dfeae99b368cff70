/** Resume requests: the public form and the owner's list. */
import { RESUME_PURPOSES } from '../constants.ts';
import { choice, email, isoDate, optionalText, text } from './shared.ts';
import { z } from './zod.ts';

export const resumeRequestSchema = z.object({
  name: text(100, 'Name').min(1, 'Name is required'),
  email: email('Invalid email address'),
  company: optionalText(200, 'Company'),
  purpose: choice(RESUME_PURPOSES, 'Purpose is required'),
  message: optionalText(2000, 'Message', { multiline: true }),
});

export type ResumeRequestInput = z.input<typeof resumeRequestSchema>;

export const adminResumeRequestSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  purpose: z.string(),
  message: z.string().nullable(),
  createdAt: isoDate,
  accessed: z.boolean(),
  accessedAt: isoDate.nullable(),
  ipAddress: z.string().nullable(),
});

export type AdminResumeRequest = z.infer<typeof adminResumeRequestSchema>;
