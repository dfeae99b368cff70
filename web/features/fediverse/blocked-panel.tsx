/**
 * Who cannot follow the blog (issue 47): each person or server the owner blocked, lifted by its own
 * form, and a server blocked by its name. Both forms post to the page without its code (ADR 018).
 */
import { useId } from 'react';
import type { FediverseBlock } from '../../../common/schemas/fediverse.ts';
import { dashboardPaths } from '../../lib/admin-paths.ts';
import { longDate } from '../../lib/dates.ts';
import { useDone } from '../../lib/form-post.ts';
import { useRouteForm } from '../../lib/route-form.tsx';
import { Button } from '../../ui/button.tsx';
import { Labelled } from '../../ui/field.tsx';
import { DoneNotice, FormNotice } from '../../ui/form-notice.tsx';
import { Input } from '../../ui/input.tsx';
import { PageForm } from '../../ui/page-form.tsx';
import { toast } from '../../ui/use-toast.ts';
import { useRefreshAdmin } from '../admin/admin-list.tsx';
import { Panel } from '../admin/panel.tsx';
import { RowForm, RowList, useRowForm } from '../admin/row-list.tsx';
import { BLOCK_SERVER_FORM, UNBLOCK_FORM } from './owner-api.ts';

export const serverBlocked = (server: string) => `No one on ${server} can follow the blog.`;

/** Who cannot follow the blog: each block lifted by its own form, and a server blocked by its name. */
export function BlockedPanel({ blocks }: { blocks: FediverseBlock[] }) {
  const id = useId();
  const refresh = useRefreshAdmin();
  const done = useDone(BLOCK_SERVER_FORM);
  const form = useRouteForm(BLOCK_SERVER_FORM, {
    onDone: (sent) => {
      toast({ title: 'Server blocked', description: serverBlocked(String(sent?.get('server') ?? '')) });
      form.formRef.current?.reset();
      void refresh();
    },
  });
  const problem = form.errorOf('server');
  return (
    <Panel
      headingId="blocked-heading"
      title="Blocked"
      description="People and servers you block cannot follow the blog, and what they send is refused."
    >
      {done && (
        <DoneNotice
          className="mt-4"
          title="Server blocked"
          text="No one on that server can follow the blog."
        />
      )}
      <PageForm
        form={form}
        action={dashboardPaths.fediverse}
        aria-label="Block a server"
        className="mt-4 flex flex-wrap items-end gap-3"
      >
        <Labelled id={id} label="Server" className="min-w-0 flex-1 basis-60">
          <Input
            id={id}
            name="server"
            defaultValue={form.answer?.values.server ?? ''}
            placeholder="mastodon.example"
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-error` : undefined}
          />
        </Labelled>
        <Button type="submit" variant="outline" pending={form.pending} pendingText="Blocking...">
          Block server
        </Button>
        {problem && (
          <p id={`${id}-error`} className="basis-full text-xs font-medium text-destructive">
            {problem}
          </p>
        )}
        <div className="basis-full">
          <FormNotice answer={form.answer} />
        </div>
      </PageForm>
      <RowList
        label="Blocked"
        rows={blocks}
        empty="No one is blocked."
        row={(block) => <BlockRow block={block} />}
      />
    </Panel>
  );
}

function BlockRow({ block }: { block: FediverseBlock }) {
  const form = useRowForm(UNBLOCK_FORM, block.id, () => ({
    title: 'Block lifted',
    description: `${block.label} can follow the blog again.`,
  }));
  return (
    <RowForm form={form} id={block.id} label={`Blocked ${block.label}`}>
      <div className="min-w-0 flex-1">
        <p className="font-medium break-all">{block.label}</p>
        <p className="text-sm text-muted-foreground">
          {`${block.kind === 'server' ? 'The whole server' : 'One person'} · since ${longDate(block.blockedAt)}`}
        </p>
        <FormNotice answer={form.answer} />
      </div>
      <Button type="submit" size="sm" variant="outline" pending={form.pending} pendingText="Unblocking...">
        Unblock
      </Button>
    </RowForm>
  );
}
