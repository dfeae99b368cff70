import * as DropdownMenu from 'radix-ui/dropdown-menu';
import { useLocation } from 'react-router';
import type { SessionUser } from '../../../common/web-context.ts';
import { FORM_FIELD } from '../../lib/form-post.ts';
import { paths } from '../../lib/paths.ts';
import { useRouteForm } from '../../lib/route-form.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button } from '../../ui/button.tsx';
import { LayoutDashboard, LogOut } from '../../ui/icons.tsx';
import { Link } from '../../ui/link.tsx';
import { LOGOUT_FORM } from '../auth/api.ts';
import { AccountLabel, accountMenuName } from './account-label.tsx';

/**
 * Logging out (spec section 7: it clears the user): the sign-in page's action ends the session and
 * comes back to the page the visitor was on (`?done=logout`), where the root's data, read again,
 * clears the user and SignedInNotice gives the spec's toast (this menu is gone by then).
 */
function useLogout() {
  const { pathname, search } = useLocation();
  const logout = useRouteForm(LOGOUT_FORM);
  return {
    pending: logout.pending,
    run: () =>
      void logout.submit(
        { _form: LOGOUT_FORM, back: `${pathname}${search}` },
        { method: 'post', action: paths.auth, preventScrollReset: true },
      ),
  };
}

const itemClass =
  'flex cursor-pointer select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-muted';

/**
 * The menu as the HTML draws it, for the browser without the page's code: the browser's own
 * popover (as the phone menu is), the dashboard's link, and 'Log out' a form posted to the sign-in
 * page's action, which ends the session and comes back here. The code replaces it once it runs.
 */
function UserMenuWithoutCode({ user }: { user: SessionUser }) {
  const { pathname, search } = useLocation();
  const id = 'account-menu';
  return (
    <>
      <Button variant="outline" size="sm" aria-label={accountMenuName(user.username)} popoverTarget={id}>
        <AccountLabel username={user.username} />
      </Button>
      <div
        id={id}
        popover="auto"
        // Under its button, where the browser anchors a popover to the button that opens it; else
        // under the header at the right.
        className="inset-auto top-16 right-4 m-0 min-w-48 rounded-md border border-border bg-background p-1 text-foreground shadow-md supports-[position-area:bottom]:top-auto supports-[position-area:bottom]:right-auto supports-[position-area:bottom]:mt-1.5 supports-[position-area:bottom]:[position-area:bottom_span-left]"
      >
        <p className="px-2 py-1.5 text-sm font-semibold">@{user.username}</p>
        <hr className="my-1 h-px border-0 bg-border" />
        {user.isAdmin && (
          <Link to={paths.adminBlog} className={itemClass}>
            <LayoutDashboard className="h-4 w-4" />
            Admin Dashboard
          </Link>
        )}
        <form method="post" action={paths.auth}>
          <input type="hidden" name={FORM_FIELD} value={LOGOUT_FORM} />
          <input type="hidden" name="back" value={`${pathname}${search}`} />
          <button type="submit" className={`${itemClass} w-full hover:bg-muted`}>
            <LogOut className="h-4 w-4" />
            Log out
          </button>
        </form>
      </div>
    </>
  );
}

/** The signed-in user's menu: @username, 'Admin Dashboard' for admins, 'Log out'. */
export function UserMenu({ user }: { user: SessionUser }) {
  const logout = useLogout();
  // This chunk loads lazily: until it has hydrated, the server-rendered menu is the browser's own.
  // data-ready tells browser tests when a click will open the code's menu.
  const ready = useHydrated();
  if (!ready) return <UserMenuWithoutCode user={user} />;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="outline" size="sm" aria-label={accountMenuName(user.username)} data-ready="true">
          <AccountLabel username={user.username} />
        </Button>
      </DropdownMenu.Trigger>
      {/* Into the header it belongs to, so it is inside a landmark (axe's region rule, issue 46). */}
      <DropdownMenu.Portal
        container={typeof document === 'undefined' ? undefined : document.querySelector('header')}
      >
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-48 rounded-md border border-border bg-background p-1 text-foreground shadow-md"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-sm font-semibold">
            @{user.username}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          {user.isAdmin && (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to={paths.adminBlog}>
                <LayoutDashboard className="h-4 w-4" />
                Admin Dashboard
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item className={itemClass} disabled={logout.pending} onSelect={logout.run}>
            <LogOut className="h-4 w-4" />
            Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
