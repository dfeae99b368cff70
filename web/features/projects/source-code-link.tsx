import { Button } from '../../ui/button.tsx';
import { SocialIcon } from '../../ui/social-icon.tsx';

/** 'View Source Code': a project's repository, in a new tab. */
export function SourceCodeLink({ url, rel, className }: { url: string; rel: string; className?: string }) {
  return (
    <Button asChild variant="outline" className={className}>
      <a href={url} target="_blank" rel={rel}>
        <SocialIcon icon="github" className="h-4 w-4" />
        View Source Code
      </a>
    </Button>
  );
}
