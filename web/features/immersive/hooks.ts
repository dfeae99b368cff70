import { useEffect, useState, useSyncExternalStore } from 'react';

/** A text field, select or other editable element: where the visitor may be typing. */
export function isEditable(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  if (element instanceof HTMLInputElement) {
    return !['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'color', 'file', 'image'].includes(
      element.type,
    );
  }
  return element instanceof HTMLElement && element.isContentEditable;
}

/** Whether the visitor is in a form field: floating extras step aside so nothing covers it. */
export function useEditingFocus(): boolean {
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    const update = () => setEditing(isEditable(document.activeElement));
    // On focusout the next element is not focused yet: look once the move is done.
    let pending: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      clearTimeout(pending);
      pending = setTimeout(update, 0);
    };
    update();
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', later);
    return () => {
      clearTimeout(pending);
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', later);
    };
  }, []);
  return editing;
}

/** The page's vertical scroll position, updated on scroll. */
export function useScrollY(): number {
  return useSyncExternalStore(
    (listener) => {
      window.addEventListener('scroll', listener, { passive: true });
      window.addEventListener('resize', listener);
      return () => {
        window.removeEventListener('scroll', listener);
        window.removeEventListener('resize', listener);
      };
    },
    () => window.scrollY,
    () => 0,
  );
}
