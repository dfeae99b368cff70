/**
 * The endorsement form: a 1-5 star rating, name, email and an optional comment, with the bot
 * check, and the skill's three most recent endorsements. Shown in the home page's dialog and, for
 * a visitor whose page's code has not arrived, on the skill's own page (/skills/{id}/endorse),
 * where it posts without JavaScript (ADR 013).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DEFAULT_RATING, RECENT_ENDORSEMENTS_SHOWN } from '../../../common/constants.ts';
import type { Skill } from '../../../common/schemas/skills.ts';
import { shortenName } from '../../../common/text.ts';
import { shortDate } from '../../lib/dates.ts';
import { Honeypot } from '../../lib/form-token.tsx';
import { useRouteForm } from '../../lib/route-form.tsx';
import { useTimeZone } from '../../lib/site.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { FormNotice } from '../../ui/form-notice.tsx';
import { Input } from '../../ui/input.tsx';
import { PageForm } from '../../ui/page-form.tsx';
import { StarRating } from '../../ui/star-rating.tsx';
import { Stars } from '../../ui/stars.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { ENDORSE_FORM, type PublicEndorsement } from './api.ts';
import { endorsementsQuery, useEndorsements } from './endorsements-api.ts';

const recheck = () => import('../../../common/schemas/skills.ts').then((module) => module.endorsementSchema);

export function RecentEndorsements({
  skillId,
  initial = null,
  headingLevel = 3,
}: {
  skillId: number;
  /** The list as the server read it, for a page whole in its HTML. */
  initial?: PublicEndorsement[] | null;
  /** 3 inside the dialog (under its h2), 2 on the skill's own page (under its h1). */
  headingLevel?: 2 | 3;
}) {
  const timeZone = useTimeZone();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { data, error, isLoading } = useEndorsements(skillId, initial);
  return (
    <section aria-labelledby="recent-endorsements" className="mt-6 border-t border-border pt-4">
      <Heading id="recent-endorsements" className="text-sm font-semibold">
        Recent Endorsements
      </Heading>
      {isLoading && <p className="mt-2 text-sm text-muted-foreground">Loading endorsements...</p>}
      {error && (
        <p role="alert" className="mt-2 text-sm text-destructive">
          Failed to fetch endorsements
        </p>
      )}
      {data && data.length === 0 && (
        <p className="mt-2 text-sm text-muted-foreground">No endorsements yet. Be the first!</p>
      )}
      {data && data.length > 0 && (
        <ul
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable list must be reachable by keyboard
          tabIndex={0}
          aria-label="Recent endorsements"
          className="mt-3 max-h-[200px] space-y-3 overflow-y-auto pr-1"
        >
          {data.slice(0, RECENT_ENDORSEMENTS_SHOWN).map((endorsement) => (
            <li key={endorsement.id} className="flex gap-3">
              <span
                aria-hidden="true"
                className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
              >
                {endorsement.name.trim().charAt(0).toUpperCase()}
              </span>
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-x-2 text-sm">
                  <span className="font-medium">{shortenName(endorsement.name)}</span>
                  <Stars rating={endorsement.rating} />
                  <span className="text-xs text-muted-foreground">
                    {shortDate(endorsement.createdAt, timeZone)}
                  </span>
                </p>
                {endorsement.comment && (
                  <p className="mt-1 text-sm text-muted-foreground">"{endorsement.comment}"</p>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The form itself, posted to `action`: the skill's own page, or the home page (its dialog). The
 * page's action checks and sends it (skills-forms.server.ts); `onSent` runs after the spec's
 * success toast (the dialog closes).
 */
export function EndorseForm({
  skill,
  action,
  onSent,
}: {
  skill: Skill;
  action: string;
  onSent?: () => void;
}) {
  const queryClient = useQueryClient();
  const endorse = useRouteForm(ENDORSE_FORM, {
    key: `${ENDORSE_FORM}-${skill.id}`,
    match: (answer) => answer.values.skillId === String(skill.id),
    done: { title: 'Endorsement submitted', description: `Thank you for endorsing ${skill.name}!` },
    recheck,
    onDone: () => {
      setRating(DEFAULT_RATING);
      void queryClient.invalidateQueries({ queryKey: endorsementsQuery(skill.id).queryKey });
      onSent?.();
    },
  });
  const { field, errorOf } = endorse;
  const [rating, setRating] = useState(() => Number(endorse.answer?.values.rating) || DEFAULT_RATING);

  return (
    <PageForm form={endorse} action={action} className="relative mt-5 space-y-4">
      <input type="hidden" name="skillId" value={skill.id} />
      <FormNotice answer={endorse.answer} />
      <StarRating name="rating" value={rating} onChange={setRating} />
      <Field label="Your Name" error={errorOf('name')}>
        <Input autoComplete="name" {...field('name')} />
      </Field>
      <Field label="Email" error={errorOf('email')}>
        <Input type="email" autoComplete="email" {...field('email')} />
      </Field>
      <Field label="Comment (optional)" error={errorOf('comment')}>
        <Textarea className="min-h-[80px]" {...field('comment')} />
      </Field>
      {errorOf('rating') ? <p className="text-sm font-medium text-destructive">{errorOf('rating')}</p> : null}
      <Honeypot formToken={endorse.answer?.formToken} />
      <Button type="submit" className="w-full" pending={endorse.pending} pendingText="Submitting...">
        Submit Endorsement
      </Button>
    </PageForm>
  );
}
