/**
 * The endorsement dialog: the endorsement form with the skill's three most recent endorsements
 * (fetched only while the dialog is open). Loaded on first use; the 'Endorse this skill' link it
 * takes over leads to the same form on the skill's own page. The recent endorsements are read
 * through the query cache, which the home page does not hold: the dialog brings its own scope
 * (and the library comes with the dialog, not with the page: ADR 022).
 */
import * as Dialog from 'radix-ui/dialog';
import type { Skill } from '../../../common/schemas/skills.ts';
import { QueryScope } from '../../lib/query-scope.tsx';
import { X } from '../../ui/icons.tsx';
import { useStaticCopy } from '../layout/static-copy.ts';
import { StaticNotice } from '../layout/static-notice.tsx';
import { EndorseForm, RecentEndorsements } from './endorse-form.tsx';

export default function EndorseDialog({
  skill,
  onClose,
  onSent,
}: {
  skill: Skill;
  onClose: () => void;
  /** An endorsement went through (the dialog then closes). */
  onSent?: () => void;
}) {
  const staticCopy = useStaticCopy();
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
          <QueryScope>
            {staticCopy ? (
              <StaticNotice feature="Endorsing a skill" className="mt-5" />
            ) : (
              <EndorseForm
                skill={skill}
                action="/?index"
                onSent={() => {
                  onSent?.();
                  onClose();
                }}
              />
            )}
            <RecentEndorsements skillId={skill.id} />
          </QueryScope>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
