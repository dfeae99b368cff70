/**
 * Your data: the site's backups (the daily ones and one made now, each downloadable), and the
 * posts as Markdown: an export of every post, and an import of a zip from another blog, previewed
 * first (a dry run: what would be created, updated or skipped, and why).
 */
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { MARKDOWN_FILE } from '../../../common/markdown-import.ts';
import type { ImportResult } from '../../../common/schemas/backup.ts';
import { dateAndTime } from '../../lib/dates.ts';
import { usePageAction } from '../../lib/form-post.ts';
import { useRouteForm } from '../../lib/route-form.tsx';
import { useTimeZone } from '../../lib/site.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button } from '../../ui/button.tsx';
import { DoneNotice, FormNotice } from '../../ui/form-notice.tsx';
import { LoadState } from '../../ui/load-state.tsx';
import { PageForm } from '../../ui/page-form.tsx';
import { toast } from '../../ui/use-toast.ts';
import { When } from '../../ui/when.tsx';
import { useRefreshAdmin } from '../admin/admin-list.tsx';
import { Panel } from '../admin/panel.tsx';
import { DATA_FORMS, dataPaths, useBackups } from './api.ts';
import { type FolderFile, folderName, importableFiles, zipFolder } from './folder-zip.ts';

export type { ImportResult };

const ACTION_LABELS: Record<ImportResult['action'], string> = {
  create: 'New',
  update: 'Update',
  skip: 'Skip',
};

const FILE_INPUT =
  'block w-full max-w-md text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-background file:px-3 file:py-1.5';

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function YourData() {
  return (
    <div className="space-y-8">
      <Backups />
      <MarkdownPosts />
    </div>
  );
}

function Backups() {
  const timeZone = useTimeZone();
  const backups = useBackups();
  const refresh = useRefreshAdmin();
  const backUp = useRouteForm(DATA_FORMS.backup, {
    done: { title: 'Backup written', description: 'It is at the top of the list.' },
    onDone: () => void refresh(),
  });
  const backedUp = backUp.done && !backUp.answer;
  return (
    <Panel
      headingId="backups-heading"
      title="Backups"
      description={
        <>
          Every post, comment, lead and upload in one file. The site writes one a day and keeps the newest;{' '}
          <code>npm run restore</code> loads one into an empty database (see "Your data" in the README).
        </>
      }
      actions={
        <PageForm form={backUp}>
          <Button type="submit" pending={backUp.pending} pendingText="Backing up...">
            Back up now
          </Button>
        </PageForm>
      }
    >
      <FormNotice answer={backUp.answer} className="mt-4" />
      {backedUp ? (
        <DoneNotice className="mt-4" title="Backup written" text="It is at the top of the list." />
      ) : null}
      <div className="mt-4" aria-busy={backups.isPending}>
        {!backups.data && (
          <LoadState query={backups} loading="Loading backups" failed="Could not load the backups." />
        )}
        {backups.data && backups.data.items.length === 0 && (
          <p className="text-sm text-muted-foreground">
            No backups yet. The first daily one is written a minute after the site starts.
          </p>
        )}
        {backups.data && backups.data.items.length > 0 && (
          <ul aria-label="Backups" className="divide-y divide-border rounded-md border border-border">
            {backups.data.items.map((backup) => (
              <li key={backup.name} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                <div className="min-w-0">
                  <p className="font-medium">
                    <When iso={backup.createdAt} />
                  </p>
                  <p className="break-all text-muted-foreground">
                    {backup.name} · {size(backup.bytes)}
                  </p>
                </div>
                <a
                  href={dataPaths.backup(backup.name)}
                  download={backup.name}
                  className="font-medium text-primary underline underline-offset-2"
                  aria-label={`Download the backup of ${dateAndTime(backup.createdAt, timeZone)}`}
                >
                  Download
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Panel>
  );
}

/** What the owner chose to import: a zip, or a folder whose posts and images are zipped here. */
type ImportSource = { kind: 'zip'; file: File } | { kind: 'folder'; files: FolderFile[] };

function MarkdownPosts() {
  const queryClient = useQueryClient();
  const [source, setSource] = useState<ImportSource | null>(null);
  const importer = useRouteForm(DATA_FORMS.import, {
    onAnswer: (answer) => {
      const made = answer.extra as { results: ImportResult[]; dryRun: boolean } | undefined;
      if (!made || made.dryRun) return;
      const count = (action: ImportResult['action']) =>
        made.results.filter((r) => r.action === action).length;
      toast({
        title: 'Posts imported',
        description: `${count('create')} created, ${count('update')} updated, ${count('skip')} skipped.`,
      });
      void queryClient.invalidateQueries();
    },
  });
  // The action's answer carries the preview (or the import) it made, either way the form was sent.
  const answered =
    importer.answer?.kind === 'done'
      ? (importer.answer.extra as { results: ImportResult[]; dryRun: boolean })
      : null;
  const [chosenAfter, setChosenAfter] = useState<unknown>(null);
  // A preview stands until another source is chosen.
  const preview =
    answered && chosenAfter !== importer.answer
      ? { results: answered.results, done: !answered.dryRun }
      : null;
  const sending = importer.pending ? String(importer.fetcher.formData?.get('dryRun') ?? 'true') : null;
  const pageAction = usePageAction();
  const hydrated = useHydrated();
  const zipInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const folder = useMemo(() => {
    if (source?.kind !== 'folder') return null;
    const files = importableFiles(source.files);
    const posts = files.filter(({ path }) => MARKDOWN_FILE.test(path)).length;
    return { name: folderName(source.files), posts, images: files.length - posts };
  }, [source]);
  // The folder is read and zipped once: for the preview, then reused by the import itself.
  const zipped = useRef<{ files: FolderFile[]; zip: Promise<File> } | null>(null);
  const folderZip = (files: FolderFile[]) => {
    if (zipped.current?.files !== files) zipped.current = { files, zip: zipFolder(files) };
    return zipped.current.zip;
  };
  const choose = (next: ImportSource | null, other: HTMLInputElement | null) => {
    // One source at a time: choosing a zip forgets the folder, and the other way round.
    if (other) other.value = '';
    setSource(next);
    setChosenAfter(importer.answer ?? null);
  };
  const changes = preview?.results.filter((result) => result.action !== 'skip').length ?? 0;

  // A folder goes as the zip the page made of it; a chosen zip goes as the form has it.
  const submitFolder = (event: FormEvent<HTMLFormElement>) => {
    if (source?.kind !== 'folder') return;
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const form = event.currentTarget;
    void folderZip(source.files).then((zip) => {
      const data = new FormData(form);
      data.set('file', zip, zip.name);
      data.set('dryRun', submitter?.value ?? 'true');
      void importer.submit(data, {
        method: 'post',
        action: pageAction,
        encType: 'multipart/form-data',
        preventScrollReset: true,
      });
    });
  };

  return (
    <Panel
      headingId="markdown-heading"
      title="Posts as Markdown"
      description="Take every post with you as Markdown files with front matter, or bring posts written for Astro, Next.js, Hugo or Jekyll (Markdown or MDX): a zip or a folder of the posts and their images. Images on other sites are brought here, short posts come in as drafts and each post's old address leads to its new one; the preview says what changes in each post."
    >
      <a
        href={dataPaths.postsExport}
        download
        className="mt-3 inline-block font-medium text-primary underline underline-offset-2"
      >
        Export every post (zip)
      </a>

      <PageForm
        form={importer}
        encType="multipart/form-data"
        onSubmit={submitFolder}
        className="mt-6 space-y-3"
        aria-label="Import posts"
      >
        <FormNotice answer={importer.answer} />
        <label htmlFor="import-file" className="block text-sm font-medium">
          Zip of Markdown posts
        </label>
        <input
          ref={zipInput}
          id="import-file"
          name="file"
          type="file"
          accept=".zip,application/zip"
          className={FILE_INPUT}
          onChange={(event) => {
            const file = event.target.files?.[0];
            choose(file ? { kind: 'zip', file } : null, folderInput.current);
          }}
        />
        <label htmlFor="import-folder" className="block text-sm font-medium">
          Or a folder of Markdown posts
        </label>
        <input
          ref={folderInput}
          id="import-folder"
          type="file"
          multiple
          // Chromium, Firefox and Safari all offer a folder picker through this attribute.
          {...{ webkitdirectory: '' }}
          aria-describedby="import-folder-note"
          className={FILE_INPUT}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            choose(files.length > 0 ? { kind: 'folder', files } : null, zipInput.current);
          }}
        />
        <p id="import-folder-note" className="text-sm text-muted-foreground">
          {!hydrated
            ? "A folder is zipped by the page's JavaScript, which has not run: choose a zip instead."
            : folder
              ? folder.posts === 0
                ? `No Markdown posts in ${folder.name}: choose the folder that holds the .md files.`
                : `${folder.name}: ${folder.posts} ${folder.posts === 1 ? 'post' : 'posts'} and ${folder.images} ${
                    folder.images === 1 ? 'image' : 'images'
                  } to read; other files stay behind.`
              : 'Only the Markdown files and their images are sent.'}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            type="submit"
            name="dryRun"
            value="true"
            variant="outline"
            disabled={hydrated && (!source || folder?.posts === 0 || importer.pending)}
          >
            {sending === 'true' ? 'Checking...' : 'Preview import'}
          </Button>
          {/* Before the code runs, the zip is posted with the page: a preview, or the import itself. */}
          {hydrated ? null : (
            <Button type="submit" name="dryRun" value="false">
              Import
            </Button>
          )}
          {hydrated && preview && !preview.done && changes > 0 && (
            <Button type="submit" name="dryRun" value="false" disabled={importer.pending}>
              {sending === 'false' ? 'Importing...' : `Import ${changes} ${changes === 1 ? 'post' : 'posts'}`}
            </Button>
          )}
        </div>
      </PageForm>

      {preview && <ImportPreview preview={preview} changes={changes} hydrated={hydrated} />}
    </Panel>
  );
}

/** What an import did, or would do, file by file: its action and why, with what reading it changed. */
function ImportPreview({
  preview,
  changes,
  hydrated,
}: {
  preview: { results: ImportResult[]; done: boolean };
  /** How many files the import would write. */
  changes: number;
  hydrated: boolean;
}) {
  return (
    <div className="mt-4">
      <p className="text-sm font-medium" role="status">
        {preview.done
          ? 'Imported. Each file and what happened to it:'
          : changes === 0
            ? 'Nothing to import: every post is already here as it is in the files, or cannot be imported.'
            : !hydrated
              ? 'Nothing is written yet. Each file and what importing it would do (choose the zip again and press Import to write them):'
              : 'Nothing is written yet. Each file and what importing it would do:'}
      </p>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            What the import {preview.done ? 'did' : 'would do'}, file by file
          </caption>
          <thead className="text-muted-foreground">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                File
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Action
              </th>
              <th scope="col" className="py-1 font-medium">
                Why
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {preview.results.map((result) => (
              <tr key={result.file}>
                <td className="py-1.5 pr-3 break-all">{result.file}</td>
                <td className="py-1.5 pr-3 font-medium">{ACTION_LABELS[result.action]}</td>
                <td className="py-1.5 break-words">
                  {result.reason}
                  {result.notes.length > 0 && (
                    <ul className="mt-1 list-disc space-y-0.5 pl-4 text-xs text-muted-foreground">
                      {result.notes.map((note) => (
                        <li key={note}>{note}</li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
