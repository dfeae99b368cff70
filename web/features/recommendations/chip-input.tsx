import { useCallback, useId, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { Plus } from '../../ui/icons.tsx';
import { Input } from '../../ui/input.tsx';
import { OnlyWithCode } from '../../ui/only-with-code.tsx';
import { RemovableTags } from '../../ui/tags.tsx';
import { addChips, chipValues } from './chips.ts';

interface ChipInputProps {
  label: string;
  /** The field's name in a form posted without its code: the typed text, comma-separated. */
  name: string;
  hint: string;
  /** The hint where the page's code is not running (no Add button, no chips): what works then. */
  hintWithoutCode?: string;
  placeholder: string;
  chips: string[];
  onChipsChange: (chips: string[]) => void;
  /** The text typed but not yet added; sent with the chips. */
  pending: string;
  onPendingChange: (text: string) => void;
  error?: string | undefined;
}

/** The state of one chip input: its chips and the text typed but not added yet (`typed` at first). */
export function useChips(typed: () => string) {
  const [chips, onChipsChange] = useState<string[]>([]);
  const [pending, onPendingChange] = useState(typed);
  /** After a send: the entries become chips, nothing is left typed. */
  const settle = useCallback((entries: string[]) => {
    onChipsChange(entries);
    onPendingChange('');
  }, []);
  return {
    /** The input's own props. */
    field: { chips, onChipsChange, pending, onPendingChange },
    /** Every entry as sent: the chips and what is still typed. */
    values: chipValues(chips, pending),
    settle,
  };
}

/** A list of short entries: type, then Add or Enter; each chip has its own remove button. */
export function ChipInput({
  label,
  name,
  hint,
  hintWithoutCode = hint,
  placeholder,
  chips,
  onChipsChange,
  pending,
  onPendingChange,
  error,
}: ChipInputProps) {
  const id = useId();
  const add = () => {
    onChipsChange(addChips(chips, pending));
    onPendingChange('');
  };
  const describedBy = `${id}-hint${error ? ` ${id}-error` : ''}`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium leading-none">
        {label}
      </label>
      {/* The chips go with the form too, before what is still typed (the server splits on commas). */}
      {chips.map((chip) => (
        <input key={chip} type="hidden" name={name} value={chip} />
      ))}
      <div className="flex gap-2">
        <Input
          id={id}
          name={name}
          value={pending}
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onPendingChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        {/* Only with the page's code: without it there is nothing to add to (the field is sent as typed). */}
        <OnlyWithCode>
          <Button type="button" variant="outline" onClick={add} aria-label={`Add to ${label.toLowerCase()}`}>
            <Plus className="h-4 w-4" />
            Add
          </Button>
        </OnlyWithCode>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        <OnlyWithCode>{hint}</OnlyWithCode>
        <span className="scripting:hidden">{hintWithoutCode}</span>
      </p>
      <RemovableTags
        label={`Added ${label.toLowerCase()}`}
        items={chips}
        text={(chip) => chip}
        removeLabel={(chip) => `Remove ${chip}`}
        onRemove={(index) => onChipsChange(chips.filter((_, i) => i !== index))}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
