/**
 * What a visitor types into a long form (a guest post, a comment, a quote request, a testimonial)
 * is kept in the tab (sessionStorage) until the form is sent: a reload, or a link followed and
 * come back from, finds it in the fields again, which the browser itself does not do for these
 * pages. Only the tab keeps it (closing it forgets), never a password, a code or the honeypot.
 * Fields typed into before the code arrived keep what they hold; so does a refusal's answer. An
 * island that starts only when reached for starts once the page is idle if its form has typing kept.
 */
import { type RefObject, useEffect } from 'react';
import { NOT_KEPT_FIELDS } from './form-post.ts';
import { readKept, writeKept } from './kept-typing-store.ts';

const WRITE_DELAY_MS = 300;
const TEXT_TYPES = new Set(['text', 'email', 'url', 'tel', 'search']);

type TextControl = HTMLInputElement | HTMLTextAreaElement;

/** The form's fields whose text is kept: typed words, never a hidden, secret or bot-check field. */
function textControls(form: HTMLFormElement): TextControl[] {
  return Array.from(form.elements).filter(
    (control): control is TextControl =>
      (control instanceof HTMLTextAreaElement ||
        (control instanceof HTMLInputElement && TEXT_TYPES.has(control.type))) &&
      control.name !== '' &&
      !NOT_KEPT_FIELDS.has(control.name),
  );
}

/**
 * Keeps what is typed into `formRef`'s form under `name` (no name: nothing kept). `sent`: the page
 * is the one a success of the form came back to, and the copy is forgotten; so it is when the form
 * is cleared after a success. `answered`: the fields show a refusal's answer, which stays as it is.
 */
export function useKeptTyping(
  formRef: RefObject<HTMLFormElement | null>,
  name: string | undefined,
  { sent, answered }: { sent: boolean; answered: boolean },
) {
  useEffect(() => {
    if (!name) return;
    if (sent) {
      writeKept(name, null);
      return;
    }
    const form = formRef.current;
    if (!form) return;
    const kept = answered ? null : readKept(name);
    if (kept) {
      for (const control of textControls(form)) {
        const value = kept[control.name];
        if (value !== undefined && control.value === control.defaultValue) control.value = value;
      }
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const store = () => {
      clearTimeout(timer);
      timer = undefined;
      const values: Record<string, string> = {};
      for (const control of textControls(form)) values[control.name] = control.value;
      writeKept(name, values);
    };
    // Typed before the code arrived (an island starts when it is near): kept from now on.
    if (textControls(form).some((control) => control.value !== control.defaultValue)) store();
    const keep = () => {
      clearTimeout(timer);
      timer = setTimeout(store, WRITE_DELAY_MS);
    };
    const forget = () => {
      clearTimeout(timer);
      timer = undefined;
      writeKept(name, null);
    };
    // A keystroke not yet kept when the page goes (a reload, a link, the phone's app switcher) or
    // the form does (a refusal came back) is kept then.
    const leaving = () => {
      if (timer !== undefined) store();
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') leaving();
    };
    form.addEventListener('input', keep);
    form.addEventListener('reset', forget);
    window.addEventListener('pagehide', leaving);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      leaving();
      form.removeEventListener('input', keep);
      form.removeEventListener('reset', forget);
      window.removeEventListener('pagehide', leaving);
      document.removeEventListener('visibilitychange', hidden);
    };
  }, [formRef, name, sent, answered]);
}
