/**
 * Tabs, our own (issue 44): the WAI-ARIA tabs pattern in the few lines a page needs, in place of
 * Radix Tabs on the project page, whose five chunks (9.5 KB gzip) a phone fetched in its first
 * seconds. A tablist of tabs (roving tabindex: the selected tab is the one Tab stop; arrows, Home
 * and End move to a tab and select it, as Radix's automatic mode did) and a panel per tab
 * (labelled by its tab, focusable, hidden while another is selected). `data-state="active"` marks
 * the selected tab for styles. A tab is whatever element `renderTab` gives (a link, so the tabs
 * work before the page's code arrives). Kept beside its one user, so it loads with the project
 * page rather than in the chunk every page shares.
 */
import { type CSSProperties, type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export interface TabItem<V extends string> {
  value: V;
  label: string;
}

/** The tablist and each tab's props: ids, roles, the selected state, focus and keys. */
export function useTabs<V extends string>(tabs: TabItem<V>[], selected: V, select: (value: V) => void) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const tabId = (value: V) => `${base}-tab-${value}`;
  const panelId = (value: V) => `${base}-panel-${value}`;

  const onKeyDown = (event: KeyboardEvent) => {
    const at = tabs.findIndex((tab) => tab.value === selected);
    const next =
      event.key === 'ArrowRight'
        ? (at + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1;
    const tab = tabs[next];
    if (!tab) return;
    event.preventDefault();
    select(tab.value);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(tab.value))}`)?.focus();
  };

  return {
    /** For the element with `role="tablist"` (written at the element, where the linter sees it). */
    listProps: { ref: list, onKeyDown },
    tabProps: (value: V) => ({
      id: tabId(value),
      role: 'tab',
      'aria-selected': value === selected,
      'aria-controls': panelId(value),
      'data-state': value === selected ? 'active' : 'inactive',
      tabIndex: value === selected ? 0 : -1,
    }),
    panelProps: (value: V) => ({
      id: panelId(value),
      role: 'tabpanel',
      'aria-labelledby': tabId(value),
      tabIndex: 0,
      'data-state': value === selected ? 'active' : 'inactive',
    }),
  };
}

/** A panel: in the page either way; hidden while another tab is selected, once `live`. */
export function TabPanel({
  props,
  active,
  live,
  className,
  style,
  children,
}: {
  props: ReturnType<ReturnType<typeof useTabs>['panelProps']>;
  active: boolean;
  /** The page's code runs: only the selected panel shows. Before that every panel is in the page. */
  live: boolean;
  className?: string | undefined;
  style?: CSSProperties | undefined;
  children: ReactNode;
}) {
  return (
    <div {...props} hidden={live && !active} className={className} style={style}>
      {children}
    </div>
  );
}
