import { FormField } from './form-field';
import type { Choice } from './searchable-select';
import { Label } from './ui/label';
import { RadioGroup, RadioGroupItem } from './ui/radio-group';

interface Props {
  id: string;
  label: string;
  choices: readonly Choice[];
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  error?: string;
}

/** A labelled radio group laid out in a row; `${id}-${value}` are the test ids. */
export function RadioChoices({ id, label, choices, value, onChange, disabled, error }: Props) {
  return (
    <FormField id={id} label={label} error={error}>
      <RadioGroup id={id} value={value} onValueChange={onChange} disabled={disabled} className="flex flex-wrap gap-5" data-testid={id}>
        {choices.map((c) => (
          <div key={c.value} className="flex items-center gap-2">
            <RadioGroupItem id={`${id}-${c.value}`} value={c.value} data-testid={`${id}-${c.value}`} />
            <Label htmlFor={`${id}-${c.value}`} className="font-normal">
              {c.label}
            </Label>
          </div>
        ))}
      </RadioGroup>
    </FormField>
  );
}
