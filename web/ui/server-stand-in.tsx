import { useLayoutEffect, useRef, useState } from 'react';

/**
 * A lazily loaded form's Suspense fallback that keeps the server's form (ADR 013). React gives up a
 * server-rendered boundary whose code has not arrived when anything above it changes (a hash link
 * followed updates the router's location): it then shows the fallback. This fallback is a copy of
 * the server's form as it was, with what the visitor had typed, so the form stays usable (it posts
 * to its page without the code) and the code finds the typing when it arrives. Where no server
 * form was in the page (a client-side navigation), it shows `loading`.
 */
export function ServerStandIn({ formId, loading }: { formId: string; loading: React.ReactNode }) {
  // Read while the server's form is still in the page: React removes it when this commits.
  const [copy] = useState(() => {
    const form =
      typeof document === 'undefined' ? null : (document.getElementById(formId) as HTMLFormElement | null);
    if (form?.tagName !== 'FORM') return null;
    const values = Array.from(form.elements, (field) => {
      const input = field as HTMLInputElement;
      return [input.value, input.checked] as const;
    });
    return { html: form.outerHTML, values };
  });
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const form = box.current?.querySelector('form');
    if (!form || !copy) return;
    copy.values.forEach(([value, checked], index) => {
      const field = form.elements[index] as HTMLInputElement | undefined;
      if (!field || field.type === 'hidden') return;
      field.value = value;
      field.checked = checked;
    });
  }, [copy]);
  if (!copy) return <>{loading}</>;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own HTML of this form, copied from the page
  return <div ref={box} dangerouslySetInnerHTML={{ __html: copy.html }} />;
}
