/**
 * Icons of the social links. Lucide has no brand marks, so GitHub, LinkedIn and
 * X/Twitter are drawn from their public marks (`brand-marks.ts`); Threads uses
 * the at sign. All come from the icon sprite.
 */
import type { SocialIcon as SocialIconName } from '../../common/schemas/content.ts';
import type { BRAND_MARKS } from './brand-marks.ts';
import { AtSign, Globe, Mail, SpriteIcon } from './icons.tsx';

const brands: Partial<Record<SocialIconName, keyof typeof BRAND_MARKS>> = {
  github: 'brand-github',
  linkedin: 'brand-linkedin',
  twitter: 'brand-twitter',
};

export function SocialIcon({ icon, className = 'h-5 w-5' }: { icon: SocialIconName; className?: string }) {
  const brand = brands[icon];
  if (brand) return <SpriteIcon id={brand} className={className} />;
  const Icon = icon === 'threads' ? AtSign : icon === 'mail' ? Mail : Globe;
  return <Icon className={className} />;
}
