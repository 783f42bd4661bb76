// The permission catalogue: the one list code checks against; seeding mirrors it into the database.
export const PERMISSION_GROUPS = [
  {
    id: 'cards',
    name: 'perm.group.cards',
    children: [
      { permission: 'cards.view', name: 'perm.cards.view', scope: 'teacher' },
      { permission: 'cards.edit', name: 'perm.cards.edit', scope: 'teacher' },
      { permission: 'cards.delete', name: 'perm.cards.delete', scope: 'teacher' },
      { permission: 'cards.print', name: 'perm.cards.print', scope: 'teacher' },
      { permission: 'cards.share', name: 'perm.cards.share', scope: 'teacher' },
      { permission: 'cards.scan', name: 'perm.cards.scan', scope: 'teacher' },
    ],
  },
  {
    id: 'templates',
    name: 'perm.group.templates',
    children: [
      { permission: 'templates.view', name: 'perm.templates.view', scope: 'teacher' },
      { permission: 'templates.manage', name: 'perm.templates.manage', scope: 'school' },
    ],
  },
  {
    id: 'school',
    name: 'perm.group.school',
    children: [
      { permission: 'users.manage', name: 'perm.users.manage', scope: 'school' },
      { permission: 'students.manage', name: 'perm.students.manage', scope: 'school' },
      { permission: 'client.settings', name: 'perm.client.settings', scope: 'school' },
    ],
  },
  {
    id: 'system',
    name: 'perm.group.system',
    children: [
      { permission: 'system.clients', name: 'perm.system.clients', scope: 'system' },
      { permission: 'system.settings', name: 'perm.system.settings', scope: 'system' },
    ],
  },
] as const;

type Child = (typeof PERMISSION_GROUPS)[number]['children'][number];
export type Permission = Child['permission'];
export type PermissionScope = 'teacher' | 'school' | 'system';

export const ALL_PERMISSIONS: readonly Child[] = PERMISSION_GROUPS.flatMap<Child>((g) => [...g.children]);

export function permissionsOfScope(...scopes: PermissionScope[]): Permission[] {
  return ALL_PERMISSIONS.filter((p) => scopes.includes(p.scope)).map((p) => p.permission);
}

export function isPermission(value: string): value is Permission {
  return ALL_PERMISSIONS.some((p) => p.permission === value);
}

/** What a new teacher of a new school gets until the school sets its own defaults. */
export const DEFAULT_TEACHER_PERMISSIONS: Permission[] = [
  'cards.view',
  'cards.edit',
  'cards.delete',
  'cards.print',
  'cards.scan',
  'templates.view',
];
