import type { ComponentProps } from 'react';
import { cn } from './cn.ts';

/** A text field: `field-control` (app.css, components layer), so a caller's width or height wins. */
export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn('field-control field-line', className)} {...props} />;
}
