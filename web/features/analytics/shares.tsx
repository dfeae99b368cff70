/**
 * Read-only links to the analytics (issue 48, point 6): the owner names one (who it is for) and
 * chooses what it shows; its address is shown once, when made (only its hash is kept); each link
 * is revoked by its own form. Every form works with or without the page's code.
 */
import { useId } from 'react';
import { type AnalyticsShare, SHARE_SECTIONS } from '../../../common/schemas/analytics.ts';
import { dashboardPaths } from '../../lib/admin-paths.ts';
import { longDate } from '../../lib/dates.ts';
import { useRouteForm } from '../../lib/route-form.tsx';
import { useSiteInfo } from '../../lib/site.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { FormNotice } from '../../ui/form-notice.tsx';
import { Input } from '../../ui/input.tsx';
import { PageForm } from '../../ui/page-form.tsx';
import { toast } from '../../ui/use-toast.ts';
import { useRefreshAdmin } from '../admin/admin-list.tsx';
import { Panel } from '../admin/panel.tsx';
import { RowForm, RowList, useRowForm } from '../admin/row-list.tsx';
import { SHARE_FORM, SHARE_REVOKE_FORM, sharedPage, useShares } from './api.ts';

const LABELS = new Map<string, string>(SHARE_SECTIONS.map(({ id, label }) => [id, label]));

export function SharesPanel() {
  const { data: shares = [] } = useShares();
  return (
    <Panel
      small
      headingId="analytics-shares"
      title="Read-only links"
      description="A link shows the parts you choose of the last 30 days to whoever has it, with nothing to change. Revoke it and it stops working."
    >
      <NewShareForm />
      <RowList
        label="Read-only links"
        rows={shares}
        empty="No read-only links yet."
        row={(share) => <ShareRow share={share} />}
      />
    </Panel>
  );
}

function NewShareForm() {
  const id = useId();
  const refresh = useRefreshAdmin();
  const site = useSiteInfo();
  const form = useRouteForm(SHARE_FORM, {
    onAnswer: (answer) => {
      if (answer.kind !== 'done') return;
      toast({ title: 'Link made', description: 'Copy it now: it is shown only this once.' });
      form.formRef.current?.reset();
      void refresh();
    },
  });
  const made =
    form.answer?.kind === 'done'
      ? (form.answer.extra?.share as (AnalyticsShare & { token: string }) | undefined)
      : undefined;
  const refused = form.answer?.kind === 'done' ? undefined : form.answer;
  const sectionsProblem = refused?.errors.sections;
  const chosen = refused ? (refused.values.sections ?? '').split(', ') : ['summary', 'goals'];
  return (
    <PageForm
      form={form}
      action={dashboardPaths.analytics}
      aria-label="Make a read-only link"
      className="mt-4 space-y-3"
    >
      <FormNotice answer={refused} />
      {made && (
        <div role="status" className="rounded-md border-2 border-primary p-3 text-sm">
          <p className="font-semibold">{`The link for ${made.label}`}</p>
          <p className="mt-1">Copy it now: it is shown only this once.</p>
          <p className="mt-2 font-mono break-all">{`${site.url}${sharedPage(made.token)}`}</p>
        </div>
      )}
      <div className="sm:max-w-sm">
        <Field label="Who it is for" error={refused?.errors.label}>
          <Input
            name="label"
            defaultValue={refused?.values.label ?? ''}
            maxLength={80}
            placeholder="Alex, my accountant"
          />
        </Field>
      </div>
      <fieldset aria-describedby={sectionsProblem ? `${id}-sections-error` : undefined}>
        <legend className="text-sm font-medium">What it shows</legend>
        {sectionsProblem && (
          <p id={`${id}-sections-error`} className="mt-1 text-xs font-medium text-destructive">
            {sectionsProblem}
          </p>
        )}
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {SHARE_SECTIONS.map((section) => (
            <label key={section.id} className="flex items-start gap-2 text-sm">
              <input
                key={String(chosen.includes(section.id))}
                type="checkbox"
                name="sections"
                value={section.id}
                defaultChecked={chosen.includes(section.id)}
                className="mt-0.5 h-4 w-4"
              />
              <span>{section.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" pending={form.pending} pendingText="Making...">
        Make link
      </Button>
    </PageForm>
  );
}

function ShareRow({ share }: { share: AnalyticsShare }) {
  const form = useRowForm(SHARE_REVOKE_FORM, share.id, () => ({
    title: 'Link revoked',
    description: `The link for ${share.label} no longer works.`,
  }));
  return (
    <RowForm form={form} id={share.id} label={`Link for ${share.label}`} action={dashboardPaths.analytics}>
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">{share.label}</p>
        <p className="text-sm text-muted-foreground">
          {`${share.sections.map((section) => LABELS.get(section) ?? section).join(', ')} · made ${longDate(share.createdAt)}`}
        </p>
        <FormNotice answer={form.answer} />
      </div>
      <Button type="submit" size="sm" variant="outline" pending={form.pending} pendingText="Revoking...">
        Revoke
      </Button>
    </RowForm>
  );
}
