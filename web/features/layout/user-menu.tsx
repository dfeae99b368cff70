import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import type { SessionUser } from '../../../common/web-context.ts';
import { paths } from '../../lib/paths.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button } from '../../ui/button.tsx';
import { ChevronDown, LayoutDashboard, LogOut } from '../../ui/icons.tsx';
import { failureToast, toast } from '../../ui/use-toast.ts';
import { logOut, USER_PATH } from '../auth/api.ts';

/** Logging out (spec section 7: it clears the user), with the spec's toasts. */
function useLogout() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, void>({
    mutationFn: logOut,
    onSuccess: () => {
      queryClient.setQueryData([USER_PATH], null);
      toast({ title: 'Logged out', description: 'You have been successfully logged out' });
    },
    onError: failureToast('Logout failed'),
  });
}

const itemClass =
  'flex cursor-pointer select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-muted';

/** The signed-in user's menu: @username, 'Admin Dashboard' for admins, 'Log out'. */
export function UserMenu({ user }: { user: SessionUser }) {
  const logoutMutation = useLogout();
  // This chunk loads lazily: until it has hydrated, the server-rendered trigger does nothing.
  // data-ready tells browser tests when a click will open the menu.
  const ready = useHydrated();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button
          variant="outline"
          size="sm"
          aria-label={`Account menu for @${user.username}`}
          data-ready={ready ? 'true' : undefined}
        >
          <span className="max-w-32 truncate">@{user.username}</span>
          <ChevronDown className="h-4 w-4" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
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
          <DropdownMenu.Item
            className={itemClass}
            disabled={logoutMutation.isPending}
            onSelect={() => logoutMutation.mutate()}
          >
            <LogOut className="h-4 w-4" />
            Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
