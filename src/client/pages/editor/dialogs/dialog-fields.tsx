import type { ComponentProps, ReactNode } from 'react';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';

interface NumberFieldProps extends Omit<ComponentProps<'input'>, 'onChange' | 'value' | 'type'> {
  /** `field-<name>` is the input's id and test id. */
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  unit?: string;
  hint?: ReactNode;
}

/** A numeric field kept as text, so an empty field stays empty and is reported as such. */
export function NumberField({ name, label, value, onValue, unit, hint, ...input }: NumberFieldProps) {
  const id = `field-${name}`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <Input id={id} data-testid={id} type="number" inputMode="decimal" value={value} onChange={(e) => onValue(e.target.value)} {...input} />
        {unit && <span className="text-sm text-muted-foreground">{unit}</span>}
      </div>
      {hint && <p className="text-sm text-muted-foreground">{hint}</p>}
    </div>
  );
}
