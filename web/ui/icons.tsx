/**
 * The site's icons, drawn from one sprite file (`icon-sprite.svg`, hashed and cached for a year)
 * with `<use>`: a page carries a short reference per icon instead of its paths, and the browser
 * bundle carries no icon data. Same names as Lucide's components; every icon is decorative
 * (hidden from assistive technology) and drawn in the current text colour. Add an icon in
 * `icon-names.ts`, then run `npm run icons`.
 */
import { type IconName, LUCIDE_ICONS } from './icon-names.ts';
import spriteUrl from './icon-sprite.svg?url';

export interface IconProps {
  className?: string;
}

/** One symbol of the sprite by its id (a Lucide file name or a brand mark). */
export function SpriteIcon({ id, className }: IconProps & { id: string }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className={className}>
      <use href={`${spriteUrl}#${id}`} />
    </svg>
  );
}

function lucide(name: IconName) {
  const id = LUCIDE_ICONS[name];
  const Icon = ({ className }: IconProps) => <SpriteIcon id={id} className={className} />;
  Icon.displayName = name;
  return Icon;
}

export const ArrowLeft = lucide('ArrowLeft');
export const ArrowRight = lucide('ArrowRight');
export const ArrowUp = lucide('ArrowUp');
export const AtSign = lucide('AtSign');
export const Award = lucide('Award');
export const Briefcase = lucide('Briefcase');
export const CalendarClock = lucide('CalendarClock');
export const CalendarDays = lucide('CalendarDays');
export const Check = lucide('Check');
export const CheckCircle2 = lucide('CheckCircle2');
export const ChevronDown = lucide('ChevronDown');
export const ChevronLeft = lucide('ChevronLeft');
export const ChevronRight = lucide('ChevronRight');
export const Clock = lucide('Clock');
export const Code2 = lucide('Code2');
export const Compass = lucide('Compass');
export const Copy = lucide('Copy');
export const Download = lucide('Download');
export const ExternalLink = lucide('ExternalLink');
export const Eye = lucide('Eye');
export const FileText = lucide('FileText');
export const FolderGit2 = lucide('FolderGit2');
export const GitBranch = lucide('GitBranch');
export const GitFork = lucide('GitFork');
export const GitPullRequest = lucide('GitPullRequest');
export const Globe = lucide('Globe');
export const GraduationCap = lucide('GraduationCap');
export const Home = lucide('Home');
export const ImageIcon = lucide('ImageIcon');
export const ImageOff = lucide('ImageOff');
export const ImagePlus = lucide('ImagePlus');
export const Info = lucide('Info');
export const LayoutDashboard = lucide('LayoutDashboard');
export const LifeBuoy = lucide('LifeBuoy');
export const Link2 = lucide('Link2');
export const List = lucide('List');
export const LoaderCircle = lucide('LoaderCircle');
export const Lock = lucide('Lock');
export const LogOut = lucide('LogOut');
export const Mail = lucide('Mail');
export const MapPin = lucide('MapPin');
export const Maximize2 = lucide('Maximize2');
export const Menu = lucide('Menu');
export const MessageSquare = lucide('MessageSquare');
export const Minimize2 = lucide('Minimize2');
export const MonitorX = lucide('MonitorX');
export const Moon = lucide('Moon');
export const PenLine = lucide('PenLine');
export const Phone = lucide('Phone');
export const Plus = lucide('Plus');
export const Quote = lucide('Quote');
export const RotateCw = lucide('RotateCw');
export const Rss = lucide('Rss');
export const Search = lucide('Search');
export const SearchX = lucide('SearchX');
export const ServerOff = lucide('ServerOff');
export const Share2 = lucide('Share2');
export const ShieldCheck = lucide('ShieldCheck');
export const Sparkles = lucide('Sparkles');
export const Star = lucide('Star');
export const Sun = lucide('Sun');
export const ThumbsUp = lucide('ThumbsUp');
export const TriangleAlert = lucide('TriangleAlert');
export const Upload = lucide('Upload');
export const User = lucide('User');
export const UserRound = lucide('UserRound');
export const Video = lucide('Video');
export const Wand2 = lucide('Wand2');
export const Wrench = lucide('Wrench');
export const X = lucide('X');
