import { lazy, Suspense, use, useEffect, useMemo, useRef, useState } from 'react';
import type { Skill } from '../../../common/schemas/skills.ts';
import { groupSkills } from '../../../common/skills.ts';
import { island } from '../../islands/island.tsx';
import { WithRouter } from '../../islands/with-router.tsx';
import { withBase } from '../../lib/base.ts';
import { errorMessage } from '../../lib/request.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Card } from '../../ui/card.tsx';
import { ThumbsUp } from '../../ui/icons.tsx';
import { Tooltip, TooltipProvider } from '../../ui/tooltip.tsx';
import { CATEGORY_TITLES, endorsementCountText, endorsePath, readSkills } from './api.ts';

const EndorseDialog = lazy(() => import('./endorse-dialog.tsx'));

const CATEGORIES = ['frontend', 'backend', 'devops'] as const;

interface SkillsSectionProps {
  additionalSkills: readonly string[];
  /** The skills as the server sent them: read for the page, or still on the way (the home's clientLoader); null when the read failed. */
  skills: unknown;
}

export default function SkillsSectionContent({ additionalSkills, skills }: SkillsSectionProps) {
  const [endorsing, setEndorsing] = useState<{ skill: Skill; trigger: HTMLElement } | null>(null);
  // The counts as last read: the page's, and again after an endorsement sent here (on an island
  // page nothing else reads them again; on a page hydrated whole the page's loader does too).
  const [shown, setShown] = useState(skills);
  const [given, setGiven] = useState(skills);
  if (given !== skills) {
    setGiven(skills);
    setShown(skills);
  }
  const reread = () =>
    void readSkills().then(
      (fresh) => setShown(fresh),
      () => {},
    );
  // This chunk hydrates after the page: data-ready tells browser tests its buttons now respond.
  const ready = useHydrated();
  // When the dialog has gone, focus goes back to the button that opened it.
  const lastTrigger = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (endorsing) {
      lastTrigger.current = endorsing.trigger;
      return;
    }
    const trigger = lastTrigger.current;
    lastTrigger.current = null;
    if (!trigger) return;
    const frame = requestAnimationFrame(() => {
      if (document.activeElement === document.body || document.activeElement === null) trigger.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [endorsing]);

  return (
    <TooltipProvider>
      <div className="mx-auto max-w-6xl px-4 py-20" data-ready={ready ? 'true' : undefined}>
        <h2 id="skills-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
          Skills &amp; Expertise
        </h2>
        <p className="mt-3 max-w-2xl text-muted-foreground">
          What I work with every day. Worked with me? Endorse a skill.
        </p>
        <Suspense
          fallback={
            <p role="status" className="mt-8 text-muted-foreground">
              Loading skills data from GitHub...
            </p>
          }
        >
          <SkillsRead read={shown} onEndorse={(skill, trigger) => setEndorsing({ skill, trigger })} />
        </Suspense>
        <div className="mt-12">
          <h3 className="text-xl font-semibold">Additional Skills &amp; Competencies</h3>
          <ul className="mt-4 flex flex-wrap gap-2">
            {additionalSkills.map((name) => (
              <li key={name} className="rounded-full border border-border bg-card px-3 py-1 text-sm">
                {name}
              </li>
            ))}
          </ul>
          <p className="mt-6 max-w-3xl text-muted-foreground">
            Years at the repair bench and behind the wheel of a locksmith van taught me the skills no
            framework lists: finding the real fault, explaining it plainly, and finishing the job the customer
            needs.
          </p>
        </div>
      </div>
      {endorsing && (
        <Suspense fallback={null}>
          <WithRouter>
            <EndorseDialog skill={endorsing.skill} onClose={() => setEndorsing(null)} onSent={reread} />
          </WithRouter>
        </Suspense>
      )}
    </TooltipProvider>
  );
}

type OnEndorse = (skill: Skill, trigger: HTMLElement) => void;

/** A read on its way, as it ends: its data, or its error. */
type Settled = { data: unknown } | { error: unknown };
const settledReads = new WeakMap<PromiseLike<unknown>, Promise<Settled>>();
/** The same promise for the same read at every render (as React's `use` needs), which never rejects. */
function settled(read: PromiseLike<unknown>): Promise<Settled> {
  let ending = settledReads.get(read);
  if (!ending) {
    ending = Promise.resolve(read).then(
      (data) => ({ data }),
      (error: unknown) => ({ error }),
    );
    settledReads.set(read, ending);
  }
  return ending;
}

/**
 * The skills as read: the page's, or a read still on the way (a promise, from the home page's
 * client loader), shown once it comes; the section's error when the read failed (null, or a
 * promise that failed, with what the server said).
 */
function SkillsRead({ read, onEndorse }: { read: unknown; onEndorse: OnEndorse }) {
  const pending = typeof (read as PromiseLike<unknown> | null)?.then === 'function';
  const result = pending ? use(settled(read as PromiseLike<unknown>)) : { data: read };
  if ('error' in result) return <SkillsError error={result.error} />;
  return result.data === null ? <SkillsError /> : <SkillGrid data={result.data} onEndorse={onEndorse} />;
}

/** The section's error: the spec's words, and what the server said when it said anything. */
function SkillsError({ error }: { error?: unknown }) {
  const detail = error === undefined ? undefined : errorMessage(error);
  return (
    <div role="alert" className="mt-8 rounded-lg border border-destructive p-4">
      <p className="font-semibold">Failed to load skills data</p>
      {detail && <p className="text-sm text-muted-foreground">{detail}</p>}
    </div>
  );
}

/** The three categories' cards: each skill's level, its endorsement count and its endorse link. */
function SkillGrid({ data, onEndorse }: { data: unknown; onEndorse: OnEndorse }) {
  const skills = useMemo(() => {
    if (data && typeof data === 'object' && !Array.isArray(data) && !('frontend' in data)) {
      console.warn('Unexpected skills format', data);
    }
    return groupSkills(data);
  }, [data]);
  return (
    <div className="mt-10 grid gap-6 lg:grid-cols-3">
      {CATEGORIES.map((category) => (
        <Card key={category} className="p-6">
          <h3 className="text-lg font-semibold">{CATEGORY_TITLES[category]}</h3>
          <ul className="mt-5 space-y-5">
            {skills[category].map((skill) => (
              <li key={skill.id || skill.name} data-keep-clear>
                <div className="flex items-center gap-2">
                  <span className="mr-auto font-medium">{skill.name}</span>
                  <Tooltip content={endorsementCountText(skill.endorsement_count)}>
                    <button
                      type="button"
                      aria-label={`${skill.name}: ${endorsementCountText(skill.endorsement_count)}`}
                      className="rounded-full bg-secondary px-2 py-0.5 text-xs font-semibold tabular-nums focus-visible:outline-2 focus-visible:outline-ring"
                    >
                      {skill.endorsement_count}
                    </button>
                  </Tooltip>
                  {/* A link to the skill's own endorsement page, which the dialog takes over
                            once this section's code is live (ADR 013). */}
                  <a
                    href={withBase(endorsePath(skill.id))}
                    rel="nofollow"
                    title="Endorse this skill"
                    aria-label={`Endorse this skill: ${skill.name}`}
                    onClick={(event) => {
                      // A new tab or window asked for: the page it links to.
                      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                      event.preventDefault();
                      onEndorse(skill, event.currentTarget);
                    }}
                    className="inline-flex h-8 w-8 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-muted hover:text-primary focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <ThumbsUp className="h-4 w-4" />
                  </a>
                </div>
                <div
                  role="img"
                  aria-label={`${skill.name}: ${skill.percentage}%`}
                  className="mt-2 h-2 overflow-hidden rounded-full bg-secondary"
                >
                  <div className="h-full rounded-full bg-primary" style={{ width: `${skill.percentage}%` }} />
                </div>
              </li>
            ))}
          </ul>
        </Card>
      ))}
    </div>
  );
}

/**
 * The skills and their endorsements: an island (ADR 023) that starts by itself once the browser is
 * idle (its buttons respond wherever the visitor is on the page, `data-ready` says so). It needs
 * no React Router until its endorsement dialog shows (`WithRouter`): a phone's home page fetches
 * none.
 */
export const SkillsSection = island('skills', SkillsSectionContent, { start: 'idle', router: false });
