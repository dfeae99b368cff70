/**
 * Copying an address to the clipboard, as every 'Copy link' button of the site does: a toast
 * saying what to do with it, `copied` for two seconds (the button's check mark), and when the
 * browser refuses, the address itself in the error toast so it can be copied by hand.
 */
import { useEffect, useState } from 'react';
import { toast } from '../ui/use-toast.ts';

export function useCopyLink() {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async (url: string, description: string, title = 'Link copied') => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast({ title, description });
    } catch {
      toast({
        title: 'Error',
        description: `Could not copy the link. Here it is: ${url}`,
        variant: 'destructive',
      });
    }
  };
  return { copied, copy };
}
