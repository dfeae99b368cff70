import type { ComponentProps } from 'react';
import { cn } from './cn.ts';

/** A multi-line text field with the look of Input. */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn('field-control', className)} {...props} />;
}
