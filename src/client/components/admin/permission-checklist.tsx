import { Checkbox } from '../ui/checkbox';

export interface PermissionGroup {
  name: string;
  children: { permission: string; name: string }[];
}

interface ChecklistProps {
  groups: PermissionGroup[];
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
}

/** Grouped checkboxes; each group's box selects all or none and shows the partial state. */
export function PermissionChecklist({ groups, selected, onChange }: ChecklistProps) {
  const toggle = (permissions: string[], on: boolean) => {
    const next = new Set(selected);
    for (const p of permissions) {
      if (on) next.add(p);
      else next.delete(p);
    }
    onChange(next);
  };
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {groups.map((group, gi) => {
        const all = group.children.map((c) => c.permission);
        const count = all.filter((p) => selected.has(p)).length;
        const state = count === 0 ? false : count === all.length ? true : 'indeterminate';
        return (
          <fieldset key={group.name} className="rounded-lg border p-3" data-testid={`perm-group-${gi}`}>
            <legend className="px-1">
              <label className="flex items-center gap-2 font-medium">
                <Checkbox checked={state} onCheckedChange={() => toggle(all, state !== true)} data-testid={`perm-group-all-${gi}`} data-state-value={String(state)} />
                {group.name}
              </label>
            </legend>
            <div className="mt-2 grid gap-2 ps-6">
              {group.children.map((c) => (
                <label key={c.permission} className="flex items-center gap-2 text-sm">
                  <Checkbox
                    checked={selected.has(c.permission)}
                    onCheckedChange={(on) => toggle([c.permission], on === true)}
                    data-testid={`perm-${c.permission}`}
                  />
                  {c.name}
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
