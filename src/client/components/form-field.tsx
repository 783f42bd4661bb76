import type { ComponentProps, ReactNode } from 'react';
import { Input } from './ui/input';
import { Label } from './ui/label';

interface FormFieldProps {
  id: string;
  label: string;
  /** Already translated message, shown under the control and announced with it. */
  error?: string;
  children: ReactNode;
}

/** Label, control and its validation message; the control sets aria-describedby={`${id}-error`}. */
export function FormField({ id, label, error, children }: FormFieldProps) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p id={`${id}-error`} data-testid={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = Omit<FormFieldProps, 'children'> &
  Omit<ComponentProps<'input'>, 'id' | 'onChange'> & { onValue: (value: string) => void };

/** A labelled input wired to its message; the id doubles as the test id. */
export function TextField({ id, label, error, onValue, ...input }: TextFieldProps) {
  return (
    <FormField id={id} label={label} error={error}>
      <Input
        id={id}
        data-testid={id}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
    </FormField>
  );
}
