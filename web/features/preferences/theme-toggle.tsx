import { Button } from '../../ui/button.tsx';
import { Moon, Sun } from '../../ui/icons.tsx';
import { setTheme, useTheme } from './theme.ts';

/**
 * Switches between dark and light (the spec's toggle); the preference starts as 'system'. Its icon
 * and name follow the theme the page is in (the `dark` class the theme script sets before the
 * first paint), not React's state: right from the first paint, before the page's code arrives
 * (ADR 014), for the eye and for a screen reader alike.
 */
export function ThemeToggle() {
  // Subscribed while shown: under 'system' the page follows the operating system when it switches,
  // and a choice made in another tab is taken up here.
  useTheme();
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={() => setTheme(document.documentElement.classList.contains('dark') ? 'light' : 'dark')}
    >
      <span className="contents dark:hidden">
        <Moon className="h-5 w-5" />
        <span className="sr-only">Switch to dark theme</span>
      </span>
      <span className="hidden dark:contents">
        <Sun className="h-5 w-5" />
        <span className="sr-only">Switch to light theme</span>
      </span>
    </Button>
  );
}
