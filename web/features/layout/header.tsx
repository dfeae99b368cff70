/**
 * The sticky header. On the home page its links are the section anchors (the
 * browser scrolls smoothly, see app.css); elsewhere Home, Blog, Resume and AI
 * Images. Below the md breakpoint the links collapse into a menu: a popover the browser opens and
 * closes itself (the Popover API), so it works before the page's code arrives; the code keeps the
 * button's label and state in step and closes it when a link is followed.
 */

import { lazy, Suspense, useEffect, useId, useRef } from 'react';
import { useLocation } from 'react-router';
import { paths, signInPath } from '../../lib/paths.ts';
import { Button } from '../../ui/button.tsx';
import { Menu, X } from '../../ui/icons.tsx';
import { Link } from '../../ui/link.tsx';
import { MENU_TOGGLE_ATTRIBUTE } from '../preferences/theme.ts';
import { ThemeToggle } from '../preferences/theme-toggle.tsx';
import { ViewModeSwitch } from '../preferences/view-mode-switch.tsx';
import { AccountLabel, accountMenuName } from './account-label.tsx';
import { useAuth } from './auth-provider.tsx';

// The account menu (Radix DropdownMenu) loads only for signed-in visitors: most never need it.
const UserMenu = lazy(() => import('./user-menu.tsx').then((module) => ({ default: module.UserMenu })));

const homeLinks = [
  { label: 'Home', href: '#home' },
  { label: 'Projects', href: '#projects' },
  { label: 'About', href: '#about' },
  { label: 'Skills', href: '#skills' },
  { label: 'Blog', href: '#blog' },
  { label: 'Contact', href: '#contact' },
] as const;

const pageLinks = [
  { label: 'Home', href: paths.home },
  { label: 'Blog', href: paths.blog },
  { label: 'Resume', href: paths.resume },
  { label: 'AI Images', href: paths.generateImages },
] as const;

export function Header({ ownerName }: { ownerName: string }) {
  const { pathname } = useLocation();
  const onHome = pathname === '/';
  const menuId = useId();
  const menu = useRef<HTMLElement>(null);
  // A link followed in the page closes the menu (a new page has it closed anyway).
  const closeMenu = (event: React.MouseEvent<HTMLElement>) =>
    event.currentTarget.closest<HTMLElement>('[popover]')?.hidePopover();
  const { user } = useAuth();

  // Moved to another page in the page (back, forward): the menu closes, as a new page has it.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (menu.current?.matches(':popover-open')) menu.current.hidePopover();
  }, [pathname]);

  const links = (onNavigate?: (event: React.MouseEvent<HTMLElement>) => void) =>
    onHome
      ? homeLinks.map((link) => (
          <a
            key={link.href}
            href={link.href}
            onClick={onNavigate}
            className={navLinkClass}
            // aria-current (the section in view) is set by the home page's tracker (active-section.ts).
          >
            {link.label}
          </a>
        ))
      : pageLinks.map((link) => (
          <Link
            key={link.href}
            to={link.href}
            onClick={onNavigate}
            className={navLinkClass}
            aria-current={pathname === link.href ? 'page' : undefined}
          >
            {link.label}
          </Link>
        ));

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:gap-4">
        <Link
          to={paths.home}
          className="mr-auto inline-flex min-w-0 items-center gap-2 font-display text-lg font-bold tracking-tight"
        >
          {/* The site's mark: a key's bow and blade drawn as a circuit trace (web/public/favicon.svg). */}
          <svg aria-hidden="true" viewBox="0 0 64 64" className="h-7 w-7 shrink-0">
            <rect
              x="1"
              y="1"
              width="62"
              height="62"
              rx="14"
              fill="#14161c"
              stroke="#2f3541"
              strokeWidth="2"
            />
            <circle cx="22" cy="32" r="10" fill="none" stroke="#f2a541" strokeWidth="5" />
            <path
              d="M32 32h22M46 32v8M52 32v6"
              fill="none"
              stroke="#f2a541"
              strokeWidth="5"
              strokeLinecap="round"
            />
            <circle cx="22" cy="32" r="3" fill="#2dd4bf" />
          </svg>
          <span className="truncate">{ownerName}</span>
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {links()}
        </nav>
        <div className="flex shrink-0 items-center gap-1 sm:gap-2">
          {/* The view mode and the theme are chosen by the page's code: without it, neither is offered. */}
          <div className="hidden scripting:sm:block">
            <ViewModeSwitch />
          </div>
          <ThemeToggle />
          {user ? (
            <Suspense
              fallback={
                <Button variant="outline" size="sm" disabled aria-label={accountMenuName(user.username)}>
                  <AccountLabel username={user.username} />
                </Button>
              }
            >
              <UserMenu user={user} />
            </Suspense>
          ) : (
            // Outlined, as the signed-in owner's menu is: the page's own call to action ("View My
            // Work") is the one filled button a visitor sees first, not the owner's way in.
            <Button asChild size="sm" variant="outline">
              <Link to={signInPath(pathname)}>Login</Link>
            </Button>
          )}
          <Button
            variant="ghost"
            size="icon"
            className="group md:hidden"
            // No aria-expanded: a popovertarget button's expanded state is the browser's own (and the
            // HTML standard forbids setting both). Its name and icon follow the menu: the head
            // script (theme.ts) renames it and marks it data-open, before and after the code alike.
            aria-controls={menuId}
            aria-label="Open menu"
            popoverTarget={menuId}
            {...{ [MENU_TOGGLE_ATTRIBUTE]: '' }}
            suppressHydrationWarning
          >
            <Menu className="h-5 w-5 group-data-[open]:hidden" />
            <X className="hidden h-5 w-5 group-data-[open]:block" />
          </Button>
        </div>
      </div>
      <nav
        id={menuId}
        ref={menu}
        aria-label="Main (mobile)"
        popover="auto"
        className="inset-x-0 top-16 bottom-auto m-0 w-full max-w-none border-0 border-y border-border bg-background px-4 pb-4 pt-2 text-foreground md:hidden"
      >
        <div className="flex flex-col">{links(closeMenu)}</div>
        <div className="mt-3 hidden scripting:max-sm:block">
          <ViewModeSwitch />
        </div>
      </nav>
    </header>
  );
}

const navLinkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground aria-[current]:text-foreground aria-[current=location]:bg-muted focus-visible:outline-2 focus-visible:outline-ring';
