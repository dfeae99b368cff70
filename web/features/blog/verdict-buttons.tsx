/** The owner's verdicts on a comment or a guest post, as every moderation form shows them. */
import type { ModerationAction } from '../../../common/schemas/shared.ts';
import { Button } from '../../ui/button.tsx';

/** How a verdict reads once done: 'Comment approved', 'Guest post marked as spam'. */
export const doneWord = { approve: 'approved', reject: 'rejected', spam: 'marked as spam' } as const;

/** Approve, Mark spam and Reject, in that order, as every moderation form shows them. */
const VERDICTS: Array<[ModerationAction, string, 'primary' | 'outline' | 'destructive']> = [
  ['approve', 'Approve', 'primary'],
  ['spam', 'Mark spam', 'outline'],
  ['reject', 'Reject', 'destructive'],
];

/**
 * A moderation form's buttons: each posts its verdict as `action`. `text` and `label` say each one's
 * words (its text, and its accessible name when that says more); `skip` leaves one out.
 */
export function VerdictButtons({
  text = (word) => word,
  label,
  skip = () => false,
  disabled,
}: {
  text?: (word: string, verdict: ModerationAction) => string;
  label?: (word: string) => string;
  skip?: (verdict: ModerationAction) => boolean;
  disabled: (verdict: ModerationAction) => boolean;
}) {
  return VERDICTS.filter(([verdict]) => !skip(verdict)).map(([verdict, word, variant]) => (
    <Button
      key={verdict}
      type="submit"
      name="action"
      value={verdict}
      size="sm"
      variant={variant}
      disabled={disabled(verdict)}
      aria-label={label?.(word)}
    >
      {text(word, verdict)}
    </Button>
  ));
}
