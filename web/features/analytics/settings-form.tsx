/**
 * The owner's analytics choice (issue 48, point 9): honour Global Privacy Control, so a browser
 * that sends it is not counted at all. A route form: it saves with or without the page's code.
 */
import type { AnalyticsSettings } from '../../../common/schemas/analytics.ts';
import { dashboardPaths } from '../../lib/admin-paths.ts';
import { useDone } from '../../lib/form-post.ts';
import { useRouteForm } from '../../lib/route-form.tsx';
import { Button } from '../../ui/button.tsx';
import { DoneNotice, FormNotice } from '../../ui/form-notice.tsx';
import { PageForm } from '../../ui/page-form.tsx';
import { toast } from '../../ui/use-toast.ts';
import { useRefreshAdmin } from '../admin/admin-list.tsx';
import { ANALYTICS_SETTINGS_FORM } from './api.ts';

const SAVED = { title: 'Settings saved', text: 'The privacy page says what is counted now.' };

export function AnalyticsSettingsForm({ settings }: { settings: AnalyticsSettings }) {
  const refresh = useRefreshAdmin();
  const saved = useDone(ANALYTICS_SETTINGS_FORM);
  const form = useRouteForm(ANALYTICS_SETTINGS_FORM, {
    onDone: () => {
      toast({ title: SAVED.title, description: SAVED.text });
      void refresh();
    },
  });
  const checked = form.answer ? form.answer.values.honorGpc === 'on' : settings.honorGpc;
  return (
    <PageForm
      form={form}
      action={dashboardPaths.analytics}
      aria-label="Analytics settings"
      className="mt-4 space-y-3"
    >
      {saved && <DoneNotice title={SAVED.title} text={SAVED.text} />}
      <FormNotice answer={form.answer} />
      <label className="flex items-start gap-2 text-sm">
        <input
          // Drawn again with the stored choice once saved elsewhere.
          key={String(settings.honorGpc)}
          type="checkbox"
          name="honorGpc"
          defaultChecked={checked}
          className="mt-1 h-4 w-4"
        />
        <span>
          Honour Global Privacy Control: a browser that sends it is not counted at all (no page views, no
          goals)
        </span>
      </label>
      <Button type="submit" pending={form.pending} pendingText="Saving...">
        Save
      </Button>
    </PageForm>
  );
}
