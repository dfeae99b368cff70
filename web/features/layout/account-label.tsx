import { ChevronDown, UserRound } from '../../ui/icons.tsx';

/** The account menu's button's name, before its code loads and after. */
export const accountMenuName = (username: string) => `Account menu for @${username}`;

/**
 * What the account menu's button shows, the same before its code loads as after: @username and a
 * chevron, or on a phone one icon in their place, so that the owner's name beside the mark reads
 * whole down to 320 px (the button's name still says whose account it is).
 */
export function AccountLabel({ username }: { username: string }) {
  return (
    <>
      <UserRound className="h-4 w-4 sm:hidden" />
      <span className="max-w-32 truncate max-sm:sr-only">@{username}</span>
      <ChevronDown className="h-4 w-4 max-sm:hidden" />
    </>
  );
}
