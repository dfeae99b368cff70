import type { SocialLink } from '../../../common/schemas/content.ts';
import { cn } from '../../ui/cn.ts';
import { SocialIcon } from '../../ui/social-icon.tsx';
import { useLinksOut } from './outbound.ts';

/**
 * A row of social icon links, each opening in a new tab (footer, hero, contact); GitHub and
 * LinkedIn through their counted redirect (outbound.ts).
 */
export function SocialLinks({
  links,
  label,
  className,
  linkClassName,
  names = {},
}: {
  links: readonly SocialLink[];
  label: string;
  className?: string;
  linkClassName?: string;
  /** Display names by platform, where the data's platform key is not one. */
  names?: Record<string, string>;
}) {
  const out = useLinksOut();
  return (
    <ul aria-label={label} className={cn('flex items-center gap-2', className)}>
      {links.map((link) => (
        <li key={link.url}>
          <a
            href={out.social(link)}
            target="_blank"
            rel={out.rel}
            aria-label={`${names[link.platform] ?? link.platform} (opens in a new tab)`}
            className={cn(
              'inline-flex h-10 w-10 items-center justify-center rounded-full transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
              linkClassName,
            )}
          >
            <SocialIcon icon={link.icon} />
          </a>
        </li>
      ))}
    </ul>
  );
}
