/**
 * The endorsement dialog: a 1-5 star rating, name, email and an optional
 * comment, with the skill's three most recent endorsements (fetched only while
 * the dialog is open). Loaded on first use.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { Controller, useForm } from 'react-hook-form';
import { DEFAULT_RATING, RECENT_ENDORSEMENTS_SHOWN } from '../../../common/constants.ts';
import { type EndorsementInput, endorsementSchema } from '../../../common/schemas/forms.ts';
import type { Skill } from '../../../common/schemas/skills.ts';
import { shortenName } from '../../../common/text.ts';
import { shortDate } from '../../lib/dates.ts';
import { apiRequest, errorMessage } from '../../lib/request.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { X } from '../../ui/icons.tsx';
import { Input } from '../../ui/input.tsx';
import { StarRating } from '../../ui/star-rating.tsx';
import { Stars } from '../../ui/stars.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { toast } from '../../ui/use-toast.ts';
import { Honeypot, useFormToken } from '../blog/form-token.tsx';
import { useStaticCopy } from '../layout/static-copy.ts';
import { StaticNotice } from '../layout/static-notice.tsx';
import { ENDORSEMENTS_PATH, endorsementsQuery, SKILLS_PATH } from './api.ts';

function RecentEndorsements({ skillId }: { skillId: number }) {
  const { data, error, isLoading } = useQuery(endorsementsQuery(skillId));
  return (
    <section aria-labelledby="recent-endorsements" className="mt-6 border-t border-border pt-4">
      <h3 id="recent-endorsements" className="text-sm font-semibold">
        Recent Endorsements
      </h3>
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
                  <span className="text-xs text-muted-foreground">{shortDate(endorsement.createdAt)}</span>
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

export default function EndorseDialog({ skill, onClose }: { skill: Skill; onClose: () => void }) {
  const staticCopy = useStaticCopy();
  const queryClient = useQueryClient();
  const form = useForm<EndorsementInput>({
    resolver: zodResolver(endorsementSchema),
    defaultValues: {
      skillId: skill.id,
      name: '',
      email: '',
      comment: '',
      rating: DEFAULT_RATING,
      website: '',
    },
  });
  const { errors } = form.formState;
  const withFormToken = useFormToken({ form: 'endorsement', skillId: skill.id });

  const endorse = useMutation({
    mutationFn: (values: EndorsementInput) =>
      withFormToken(async (formToken) =>
        (await apiRequest('POST', ENDORSEMENTS_PATH, { ...values, formToken })).json(),
      ),
    onSuccess: async () => {
      toast({ title: 'Endorsement submitted', description: `Thank you for endorsing ${skill.name}!` });
      form.reset();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: endorsementsQuery(skill.id).queryKey }),
        queryClient.invalidateQueries({ queryKey: [SKILLS_PATH] }),
      ]);
      onClose();
    },
    onError: (failure) => {
      toast({
        title: 'Failed to submit endorsement',
        description: errorMessage(failure) || 'Failed to submit endorsement',
        variant: 'destructive',
      });
    },
  });

  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-border bg-background p-6 shadow-xl">
          <Dialog.Title className="pr-8 text-lg font-semibold">Endorse this skill: {skill.name}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted-foreground">
            Worked with me on {skill.name}? Rate it and say a word.
          </Dialog.Description>
          <Dialog.Close
            aria-label="Close"
            className="absolute right-4 top-4 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring"
          >
            <X className="h-4 w-4" />
          </Dialog.Close>
          {staticCopy ? (
            <>
              <StaticNotice feature="Endorsing a skill" className="mt-5" />
              <RecentEndorsements skillId={skill.id} />
            </>
          ) : (
            <>
              <form
                noValidate
                className="relative mt-5 space-y-4"
                onSubmit={form.handleSubmit((values) => endorse.mutate(values))}
              >
                <Controller
                  control={form.control}
                  name="rating"
                  render={({ field }) => <StarRating value={field.value ?? 5} onChange={field.onChange} />}
                />
                <Field label="Your Name" error={errors.name?.message}>
                  <Input autoComplete="name" {...form.register('name')} />
                </Field>
                <Field label="Email" error={errors.email?.message}>
                  <Input type="email" autoComplete="email" {...form.register('email')} />
                </Field>
                <Field label="Comment (optional)" error={errors.comment?.message}>
                  <Textarea className="min-h-[80px]" {...form.register('comment')} />
                </Field>
                <Honeypot register={form.register('website')} />
                <Button type="submit" className="w-full" disabled={endorse.isPending}>
                  {endorse.isPending ? 'Submitting...' : 'Submit Endorsement'}
                </Button>
              </form>
              <RecentEndorsements skillId={skill.id} />
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
