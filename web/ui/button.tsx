import * as Slot from 'radix-ui/slot';
import type { ComponentProps } from 'react';
import { cn } from './cn.ts';

const variants = {
  primary: 'bg-primary text-primary-foreground hover:bg-primary/90',
  secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
  outline: 'border border-border bg-background hover:bg-muted',
  ghost: 'hover:bg-muted',
  destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive/90',
  link: 'text-primary underline-offset-4 hover:underline',
} as const;

const sizes = {
  md: 'h-10 px-4 py-2',
  sm: 'h-9 px-3 text-sm',
  lg: 'h-11 px-6 text-base',
  icon: 'h-10 w-10',
} as const;

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Render the child element (a link, say) with the button's look. */
  asChild?: boolean;
  /** While its request is on its way: disabled, and saying `pendingText` (e.g. 'Saving...') instead of its label. */
  pending?: boolean;
  pendingText?: string;
}

export function Button({
  variant = 'primary',
  size = 'md',
  asChild = false,
  pending = false,
  pendingText,
  disabled,
  children,
  className,
  ...props
}: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      className={cn(
        'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        'disabled:pointer-events-none disabled:opacity-60',
        variants[variant],
        sizes[size],
        className,
      )}
      disabled={disabled || pending}
      {...props}
    >
      {pending && pendingText ? pendingText : children}
    </Component>
  );
}
