import type { ComponentProps } from 'react';
import { cn } from './cn.ts';

interface SelectProps extends ComponentProps<'select'> {
  /** Value -> label, in display order. */
  options: Readonly<Record<string, string>>;
  /** A first, empty choice ("Select a ..."); omitted when the field always has a value. */
  placeholder?: string;
}

/** A native select (keyboard, screen readers and mobile pickers for free) with the look of Input. */
export function Select({ options, placeholder, className, ...props }: SelectProps) {
  return (
    <select className={cn('field-control field-line', className)} {...props}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {Object.entries(options).map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </select>
  );
}
