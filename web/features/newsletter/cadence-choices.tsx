/** 'How often': the two choices as radio buttons named `cadence`, one of them chosen. */
import { CADENCE_LABELS, NEWSLETTER_CADENCES, type NewsletterCadence } from '../../../common/newsletter.ts';

export function CadenceChoices({ chosen, className }: { chosen: string; className?: string }) {
  return (
    <div className={className}>
      {NEWSLETTER_CADENCES.map((cadence: NewsletterCadence) => (
        <label key={cadence} className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="cadence"
            value={cadence}
            defaultChecked={chosen === cadence}
            className="h-4 w-4 accent-[var(--primary)]"
          />
          {CADENCE_LABELS[cadence]}
        </label>
      ))}
    </div>
  );
}
