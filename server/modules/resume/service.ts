import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { resumeRequestSchema } from '../../../common/schemas/resume.ts';
import type { PageQuery } from '../../../common/schemas/shared.ts';
import type { Db } from '../../db/client.ts';
import { countOf, newestFirst, withIsoDates } from '../../db/paging.ts';
import { resumeRequests } from '../../db/schema.ts';
import { claimPost, postKey } from '../../lib/identical-posts.ts';
import { hmacSigner, sha256Hex } from '../../lib/tokens.ts';
import { enqueueNotification } from '../notifications/service.ts';

type ResumeRequest = z.output<typeof resumeRequestSchema>;

export function createResumeService(db: Db, secret: string) {
  const sign = hmacSigner(secret);
  return {
    /**
     * Records who asked for the resume and returns their access token: 256 bits no one can
     * work out without the server secret, given only to the requester; the database keeps its hash.
     */
    async request(input: ResumeRequest, ipAddress: string): Promise<string> {
      return db.transaction(async (tx) => {
        const key = postKey('resume', input);
        const claim = await claimPost(tx, key);
        // Identical requests in a short while (a double press, two tabs) are one: each is given the
        // first one's token, derived from the server secret, the request and its claim.
        const token = sign(`resume-token:${key}:${claim.until.getTime()}`);
        if (!claim.first) return token;
        await tx.insert(resumeRequests).values({ ...input, accessTokenHash: sha256Hex(token), ipAddress });
        await enqueueNotification(tx, {
          kind: 'resume',
          subject: `Resume requested by ${input.name}`,
          fields: {
            Name: input.name,
            Email: input.email,
            Company: input.company,
            Purpose: input.purpose,
            Message: input.message,
          },
        });
        return token;
      });
    },

    /** Whether a token belongs to a request (the download lookup: nothing is downloaded yet). */
    async isKnown(token: string): Promise<boolean> {
      if (token.length > 100) return false;
      const [row] = await db
        .select({ id: resumeRequests.id })
        .from(resumeRequests)
        .where(eq(resumeRequests.accessTokenHash, sha256Hex(token)));
      return row !== undefined;
    },

    /** Marks the request behind a token as downloaded (now); false for an unknown token. */
    async recordAccess(token: string): Promise<boolean> {
      if (token.length > 100) return false;
      const updated = await db
        .update(resumeRequests)
        .set({ accessed: true, accessedAt: new Date() })
        .where(eq(resumeRequests.accessTokenHash, sha256Hex(token)))
        .returning({ id: resumeRequests.id });
      return updated.length > 0;
    },

    // --- for the owner ------------------------------------------------------------------
    async listRequests(query: PageQuery) {
      return newestFirst(db, resumeRequests, query, {
        by: [resumeRequests.createdAt, resumeRequests.id],
        // The token hash is no use to the owner and stays in the database.
        map: ({ accessTokenHash: _hash, ...rest }) => withIsoDates(rest),
      });
    },

    /** Requests whose resume has not been downloaded yet. */
    async notDownloadedCount(): Promise<number> {
      return countOf(db, resumeRequests, eq(resumeRequests.accessed, false));
    },
  };
}

export type ResumeService = ReturnType<typeof createResumeService>;
