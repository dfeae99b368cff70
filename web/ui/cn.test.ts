import { describe, expect, it } from 'vitest';
import { cn } from './cn.ts';

describe('cn', () => {
  it('joins class names, skipping empty ones', () => {
    expect(cn('a', false, null, undefined, '', 'b')).toBe('a b');
  });

  it("lets a caller's class replace the component's for the same property", () => {
    expect(cn('flex h-10 w-full rounded-md', 'h-9 w-44')).toBe('flex rounded-md h-9 w-44');
    expect(cn('px-3 py-2', 'pl-9')).toBe('px-3 py-2 pl-9');
    // The site's own colour names are colours, not font sizes.
    expect(cn('text-sm text-muted-foreground', 'text-destructive')).toBe('text-sm text-destructive');
  });
});
