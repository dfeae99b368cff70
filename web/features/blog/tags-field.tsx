/**
 * The post's tags: comma-separated, with the tags already in use offered as suggestions (most
 * used first, those not on the post yet, matching what is being typed).
 */
import type { UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import type { BlogPostFormInput } from '../../../common/schemas/blog.ts';
import { normalizeTags } from '../../../common/text.ts';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';

export function TagsField({
  form,
  field,
  error,
  suggested = [],
}: {
  form: UseFormReturn<BlogPostFormInput>;
  field: UseFormRegisterReturn & { defaultValue?: string };
  error: string | undefined;
  suggested?: string[] | undefined;
}) {
  const value = String(form.watch('tags') ?? '');
  const tagsNow = normalizeTags(value);
  const typing = value.split(',').pop()?.trim().toLowerCase() ?? '';
  const suggestions = suggested
    .filter((tag) => !tagsNow.some((used) => used.toLowerCase() === tag.toLowerCase()))
    .filter((tag) => !typing || tag.toLowerCase().startsWith(typing))
    .slice(0, 8);
  const addTag = (tag: string) => {
    const parts = String(form.getValues('tags') ?? '').split(',');
    if (typing) parts.pop();
    const next = [...parts.map((part) => part.trim()).filter(Boolean), tag];
    form.setValue('tags', `${next.join(', ')}, `, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  };

  return (
    <div className="space-y-2">
      <Field label="Tags" hint="Comma-separated." error={error}>
        <Input placeholder="React, Repair" autoComplete="off" {...field} />
      </Field>
      {suggestions.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted-foreground">Suggestions:</span>
          {suggestions.map((tag) => (
            <button
              key={tag}
              type="button"
              onClick={() => addTag(tag)}
              aria-label={`Add tag ${tag}`}
              className="rounded-full border border-border px-3 py-1 text-xs font-medium hover:border-primary"
            >
              + {tag}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
