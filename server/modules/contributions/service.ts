import type { z } from 'zod';
import type { contributionSchema } from '../../../common/schemas/forms.ts';
import type { Db } from '../../db/client.ts';
import { blogContributions } from '../../db/schema.ts';
import { enqueueNotification } from '../notifications/service.ts';

type Contribution = z.output<typeof contributionSchema>;

export function createContributionService(db: Db) {
  return {
    /** Stores a guest post unreviewed, unapproved and not spam, and notifies the owner. */
    async submit(contribution: Contribution, ipAddress: string): Promise<void> {
      const { captchaToken: _captcha, website: _honeypot, formToken: _token, ...values } = contribution;
      await db.transaction(async (tx) => {
        await tx
          .insert(blogContributions)
          .values({ ...values, ipAddress, isReviewed: false, isApproved: false, isSpam: false });
        await enqueueNotification(tx, {
          kind: 'contribution',
          subject: `Guest post submitted: ${values.title}`,
          fields: {
            Title: values.title,
            Author: values.authorName,
            Email: values.authorEmail,
            Tags: values.tags.join(', '),
            Summary: values.summary,
          },
        });
      });
    },
  };
}

export type ContributionService = ReturnType<typeof createContributionService>;
