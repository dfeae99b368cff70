import { Button } from '../../ui/button.tsx';
import { Moon, Sun } from '../../ui/icons.tsx';
import { setTheme, useResolvedDark } from './theme.ts';

/** Switches between dark and light (the spec's toggle); the preference starts as 'system'. */
export function ThemeToggle() {
  const dark = useResolvedDark();
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={() => setTheme(dark ? 'light' : 'dark')}
      aria-label={dark ? 'Switch to light theme' : 'Switch to dark theme'}
      title={dark ? 'Switch to light theme' : 'Switch to dark theme'}
    >
      {dark ? <Sun className="h-5 w-5" /> : <Moon className="h-5 w-5" />}
    </Button>
  );
}
