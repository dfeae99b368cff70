import { twMerge } from 'tailwind-merge';

/**
 * Joins class names, skipping empty ones; of two Tailwind classes that set the same thing (a
 * component's `w-full` and a caller's `w-44`), the later wins, whatever their order in the
 * stylesheet (tailwind-merge).
 */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return twMerge(classes.filter(Boolean).join(' '));
}
