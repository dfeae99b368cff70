/**
 * A choice of what the analytics section shows (its filter, the credit for won value): a GET of
 * the page, with or without its code, that keeps the other choices in hidden fields.
 */
import { useId } from 'react';
import { Form } from 'react-router';
import { dashboardPaths } from '../../lib/admin-paths.ts';
import { Button } from '../../ui/button.tsx';
import { Labelled } from '../../ui/field.tsx';
import { Select } from '../../ui/select.tsx';

export function GetChoice({
  formLabel,
  label,
  name,
  value,
  options,
  keep,
}: {
  /** The form's accessible name. */
  formLabel: string;
  /** The select's visible label. */
  label: string;
  name: string;
  value: string;
  options: Record<string, string>;
  /** The other choices to keep, by their query names (an empty value is left out). */
  keep: Record<string, string>;
}) {
  const id = useId();
  return (
    <Form
      method="get"
      action={dashboardPaths.analytics}
      preventScrollReset
      aria-label={formLabel}
      className="mt-3 flex flex-wrap items-end gap-2"
    >
      {Object.entries(keep).map(([kept, keptValue]) =>
        keptValue ? <input key={kept} type="hidden" name={kept} value={keptValue} /> : null,
      )}
      <Labelled id={id} label={label} className="min-w-0">
        <Select
          id={id}
          key={value}
          name={name}
          defaultValue={value}
          options={options}
          className="w-auto max-w-full min-w-48"
        />
      </Labelled>
      <Button type="submit" variant="outline">
        Show
      </Button>
    </Form>
  );
}
