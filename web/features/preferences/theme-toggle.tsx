import { Button } from '../../ui/button.tsx';
import { Moon, Sun } from '../../ui/icons.tsx';
import { OnlyWithCode } from '../../ui/only-with-code.tsx';
import { THEME_SWITCH_ATTRIBUTE } from './theme.ts';

/**
 * Switches between dark and light (the spec's toggle); the preference starts as 'system'. Its icon
 * and name follow the theme the page is in (the `dark` class the theme script sets before the
 * first paint), not React's state: right from the first paint, for the eye and for a screen reader
 * alike. A press is handled by the head script's listener (theme.ts), before and after the page's
 * code arrives alike: it acts once, whenever it comes (ADR 017). Without scripting it is not
 * offered: the page follows the system's theme then (web/app.css).
 */
export function ThemeToggle() {
  // Under 'system' the page follows the operating system, and a choice made in another tab, by
  // the head script too: this button has no code of its own.
  return (
    <OnlyWithCode>
      <Button variant="ghost" size="icon" {...{ [THEME_SWITCH_ATTRIBUTE]: '' }}>
        <span className="contents dark:hidden">
          <Moon className="h-5 w-5" />
          <span className="sr-only">Switch to dark theme</span>
        </span>
        <span className="hidden dark:contents">
          <Sun className="h-5 w-5" />
          <span className="sr-only">Switch to light theme</span>
        </span>
      </Button>
    </OnlyWithCode>
  );
}
