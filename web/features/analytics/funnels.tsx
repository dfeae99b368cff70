/**
 * Funnels (issue 48, point 2): the built-in one from a visit to a client, and the owner's. Each
 * step's visitors, how many dropped since the step before and the share who went on, for the
 * period and, when chosen, one source's visitors. Choosing a source, adding and removing a funnel
 * are forms that work without the page's code: a GET of the page, and posts to its action.
 */
import { useId } from 'react';
import {
  FUNNEL_MAX_STEPS,
  FUNNEL_MIN_STEPS,
  FUNNEL_NAME_MAX,
  FUNNEL_STEP_FIELDS,
} from '../../../common/funnels.ts';
import { GOALS } from '../../../common/goals.ts';
import type { AdminAnalytics } from '../../../common/schemas/analytics.ts';
import { dashboardPaths } from '../../lib/admin-paths.ts';
import { longDate } from '../../lib/dates.ts';
import { useRouteForm } from '../../lib/route-form.tsx';
import { Button } from '../../ui/button.tsx';
import { DataTable, labelColumn } from '../../ui/data-table.tsx';
import { Field } from '../../ui/field.tsx';
import { DoneNotice, FormNotice } from '../../ui/form-notice.tsx';
import { Input } from '../../ui/input.tsx';
import { PageForm } from '../../ui/page-form.tsx';
import { toast } from '../../ui/use-toast.ts';
import { useRefreshAdmin } from '../admin/admin-list.tsx';
import { RowForm, useRowForm } from '../admin/row-list.tsx';
import { FUNNEL_FORM, FUNNEL_REMOVE_FORM } from './api.ts';
import { CsvLink } from './csv-link.tsx';

type Funnel = AdminAnalytics['funnels'][number];
type StepRow = Funnel['steps'][number] & {
  index: number;
  dropped: number | null;
  wentOn: number | null;
  /** More than the step before: not a drop-off at all (the pipeline's Won counts every deal won). */
  rose: boolean;
};

const NONE = '–';
const ADDED = { title: 'Funnel added', text: 'It counts visits from now on.' };

/**
 * Each step with how many dropped since the one before and the share who went on from it; a step
 * with more than the one before (the pipeline's Won counts every deal won in the period, from
 * calls and earlier requests too) is no continuation of it: neither is said (it read '0 dropped').
 */
export function funnelRows(steps: Funnel['steps']): StepRow[] {
  return steps.map((step, index) => {
    const before = index > 0 ? (steps[index - 1]?.visitors ?? null) : null;
    const now = step.visitors;
    const known = before !== null && now !== null;
    const rose = known && now > before;
    return {
      ...step,
      index,
      dropped: known && !rose ? before - now : null,
      wentOn: known && !rose && before > 0 ? now / before : null,
      rose,
    };
  });
}

/** What a step nobody reached says: a page step that matches no page counted is likely a typo. */
function stepNote(row: StepRow, days: number, first: boolean): string | null {
  if (row.pageSeen === false)
    return `No page counted in the last ${days} days matches this: check the address.`;
  if (row.visitors === null) return 'The pipeline does not know the device of a lead.';
  if (row.rose)
    return 'More than the step before: the pipeline counts every deal won in these days, from calls and earlier requests too.';
  if (row.visitors === 0 && first) return `Nobody reached this step in the last ${days} days.`;
  return null;
}

function FunnelTable({
  funnel,
  days,
  source,
  percent,
  owner,
}: {
  funnel: Funnel;
  days: number;
  source: string;
  percent: (rate: number) => string;
  /** The owner's table: its removal and its CSV. */
  owner: boolean;
}) {
  const rows = funnelRows(funnel.steps);
  const firstZero = rows.findIndex((row) => row.visitors === 0);
  const top = Math.max(rows[0]?.visitors ?? 0, 1);
  const headingId = `funnel-${funnel.id}`;
  return (
    <section aria-labelledby={headingId} className="rounded-md border border-border p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold break-words">
            {funnel.name}
          </h3>
          <p className="text-sm text-muted-foreground">
            {funnel.since
              ? `Counting since ${longDate(funnel.since)}`
              : 'Built in: the way from a visit to a client'}
          </p>
        </div>
        {owner && !funnel.builtIn && <RemoveFunnel funnel={funnel} />}
      </div>
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a frame that scrolls sideways is reached by keyboard too
        tabIndex={0}
        aria-label={`Steps of ${funnel.name}`}
        className="overflow-x-auto"
      >
        <DataTable
          caption={`Visitors at each step of ${funnel.name}`}
          className="mt-2 min-w-[17rem]"
          compact
          rows={rows}
          rowKey={(row) => row.index}
          columns={[
            labelColumn<StepRow>('Step', {
              className: 'font-normal',
              cell: (row) => {
                const note = stepNote(row, days, row.index === firstZero);
                return (
                  <>
                    <span className="break-words">{`${row.index + 1}. ${row.label}`}</span>
                    <span
                      aria-hidden="true"
                      className="mt-1 block h-1 rounded bg-primary/60"
                      style={{ width: `${((row.visitors ?? 0) / top) * 100}%` }}
                    />
                    {note && <span className="mt-1 block text-xs text-muted-foreground">{note}</span>}
                  </>
                );
              },
            }),
            {
              key: 'visitors',
              header: 'Visitors',
              numeric: true,
              cell: (row) => (row.visitors === null ? NONE : row.visitors),
            },
            {
              key: 'dropped',
              header: 'Dropped',
              numeric: true,
              cell: (row) => (row.dropped === null ? NONE : row.dropped),
            },
            {
              key: 'went-on',
              header: 'Went on',
              numeric: true,
              cell: (row) => (row.wentOn === null ? NONE : percent(row.wentOn)),
            },
          ]}
        />
      </section>
      {owner && (
        <CsvLink
          days={days}
          report={`funnel:${funnel.id}`}
          label={`the steps of ${funnel.name}`}
          source={source}
        />
      )}
    </section>
  );
}

function RemoveFunnel({ funnel }: { funnel: Funnel }) {
  const id = Number(funnel.id);
  const form = useRowForm(FUNNEL_REMOVE_FORM, id, () => ({
    title: 'Funnel removed',
    description: `${funnel.name} and its counts are gone.`,
  }));
  return (
    <RowForm form={form} id={id} label={`Remove ${funnel.name}`} action={dashboardPaths.analytics}>
      <FormNotice answer={form.answer} />
      <Button type="submit" size="sm" variant="outline" pending={form.pending} pendingText="Removing...">
        Remove
      </Button>
    </RowForm>
  );
}

/** A new funnel: a name and 2 to 8 steps, each a page address or a goal from the list. */
function NewFunnelForm() {
  const id = useId();
  const refresh = useRefreshAdmin();
  const form = useRouteForm(FUNNEL_FORM, {
    onDone: () => {
      toast({ title: ADDED.title, description: ADDED.text });
      form.formRef.current?.reset();
      void refresh();
    },
  });
  const stepsProblem = form.errorOf('steps');
  return (
    <PageForm
      form={form}
      action={dashboardPaths.analytics}
      aria-label="Add a funnel"
      className="mt-4 space-y-3 rounded-md border border-border p-3"
    >
      <h3 className="font-semibold">Add a funnel</h3>
      <p className="text-sm text-muted-foreground">
        Each step is a page address (* stands for one part of it, as in /blog/*; name several with spaces) or
        a goal from the list. A visit counts at a step when it took the steps before it first. A funnel counts
        from the day it is added.
      </p>
      {form.done && <DoneNotice title={ADDED.title} text={ADDED.text} />}
      <FormNotice answer={form.answer} />
      <div className="sm:max-w-sm">
        <Field label="Name" error={form.errorOf('name')}>
          <Input {...form.field('name')} maxLength={FUNNEL_NAME_MAX} />
        </Field>
      </div>
      <fieldset aria-describedby={stepsProblem ? `${id}-steps-error` : undefined}>
        <legend className="text-sm font-medium">{`Steps (${FUNNEL_MIN_STEPS} to ${FUNNEL_MAX_STEPS})`}</legend>
        {stepsProblem && (
          <p id={`${id}-steps-error`} className="mt-1 text-xs font-medium text-destructive">
            {stepsProblem}
          </p>
        )}
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          {FUNNEL_STEP_FIELDS.map((name, i) => (
            <Field key={name} label={`Step ${i + 1}`} error={form.errorOf(name)}>
              <Input
                {...form.field(name)}
                list={`${id}-choices`}
                placeholder={i === 0 ? '/blog/*' : i === 1 ? 'Quote sent' : undefined}
                autoCapitalize="none"
                spellCheck={false}
              />
            </Field>
          ))}
        </div>
        <datalist id={`${id}-choices`}>
          {GOALS.map((goal) => (
            <option key={goal.id} value={goal.label} />
          ))}
          {['/', '/blog', '/blog/*', '/projects/*', '/book-a-call', '/resume', '/newsletter'].map((path) => (
            <option key={path} value={path} />
          ))}
        </datalist>
      </fieldset>
      <Button type="submit" pending={form.pending} pendingText="Adding...">
        Add funnel
      </Button>
    </PageForm>
  );
}

export function Funnels({
  funnels,
  owner,
  days,
  percent,
}: {
  funnels: AdminAnalytics['funnels'];
  /** The owner's (the report's filter, which the CSV links keep); null for a read-only link. */
  owner: { source: string } | null;
  days: number;
  percent: (rate: number) => string;
}) {
  const source = owner?.source ?? '';
  const byPageOrGoal = /^(page|goal):/.test(source);
  return (
    <>
      {byPageOrGoal && (
        <p className="mt-2 text-sm">
          Funnels follow each visit from its source, so they show all visitors here; choose a source to see
          its funnels.
        </p>
      )}
      <div className="mt-3 space-y-3">
        {funnels.map((funnel) => (
          <FunnelTable
            key={funnel.id}
            funnel={funnel}
            days={days}
            source={byPageOrGoal ? '' : source}
            percent={percent}
            owner={Boolean(owner)}
          />
        ))}
      </div>
      {owner && <NewFunnelForm />}
    </>
  );
}
