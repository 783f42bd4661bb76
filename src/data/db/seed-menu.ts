import type { Permission } from '../../shared/permissions';

interface MenuSeed {
  name: string;
  redirect: string;
  icon: string | null;
  permission: Permission | null;
  children?: Omit<MenuSeed, 'icon' | 'children'>[];
}

/** The side menu; a parent shows when the user may open at least one of its children. */
export const MENU: MenuSeed[] = [
  { name: 'menu.home', redirect: '/home', icon: 'house', permission: null },
  {
    name: 'menu.cards',
    redirect: '/cards',
    icon: 'file-text',
    permission: null,
    children: [
      { name: 'menu.cards.lists', redirect: '/cards/lists', permission: 'cards.view' },
      { name: 'menu.cards.create', redirect: '/cards/create', permission: 'cards.edit' },
      { name: 'menu.cards.templates', redirect: '/cards/templates', permission: 'templates.view' },
      { name: 'menu.cards.shares', redirect: '/cards/shares', permission: 'cards.share' },
      { name: 'menu.cards.printTickets', redirect: '/cards/lists/print', permission: 'cards.print' },
      // Every scanned exam's classes, open review and mean, one click from its 成績 (issue 24).
      { name: 'menu.cards.scores', redirect: '/cards/scores', permission: 'cards.scan' },
    ],
  },
  {
    name: 'menu.client',
    redirect: '/client',
    icon: 'school',
    permission: null,
    children: [
      { name: 'menu.client.lists', redirect: '/client/lists', permission: 'system.clients' },
      // A school administrator's own school and sub-schools (issue 14); hidden for the system
      // administrator, whose school list reaches every school (services/structure/get-menu.ts).
      { name: 'menu.client.mine', redirect: '/client/mine', permission: 'users.manage' },
      { name: 'menu.client.templates', redirect: '/client/templates', permission: 'templates.manage' },
      { name: 'menu.system.setting', redirect: '/system/setting', permission: 'system.settings' },
      // A school administrator's own school settings (issue 3); the system administrator reaches
      // any school's from the school list's row menu.
      { name: 'menu.client.defPermission', redirect: '/client/defPermission', permission: 'client.settings' },
      { name: 'menu.client.setting', redirect: '/client/setting', permission: 'client.settings' },
    ],
  },
  {
    name: 'menu.users',
    redirect: '/client/user',
    icon: 'users',
    permission: null,
    children: [
      { name: 'menu.users.lists', redirect: '/client/user/lists', permission: 'users.manage' },
      { name: 'menu.users.import', redirect: '/client/user/import', permission: 'users.manage' },
    ],
  },
  {
    name: 'menu.students',
    redirect: '/client/student',
    icon: 'graduation-cap',
    permission: null,
    children: [
      { name: 'menu.students.grade', redirect: '/client/student/grade', permission: 'students.manage' },
      { name: 'menu.students.import', redirect: '/client/student/import', permission: 'students.manage' },
    ],
  },
];
