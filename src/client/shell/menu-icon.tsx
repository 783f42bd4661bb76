import {
  FileTextIcon,
  FolderIcon,
  GraduationCapIcon,
  HouseIcon,
  LayoutDashboardIcon,
  SchoolIcon,
  SettingsIcon,
  UsersIcon,
  type LucideIcon,
} from 'lucide-react';

// The server names icons in lucide's kebab-case. Only the ones the menu uses are bundled
// (lucide's full name map would add every icon to the download); others get a folder.
const ICONS: Record<string, LucideIcon> = {
  house: HouseIcon,
  'layout-dashboard': LayoutDashboardIcon,
  'file-text': FileTextIcon,
  school: SchoolIcon,
  users: UsersIcon,
  'graduation-cap': GraduationCapIcon,
  settings: SettingsIcon,
};

export function MenuIcon({ name, className }: { name: string | null; className?: string }) {
  const Icon = (name && ICONS[name]) || FolderIcon;
  return <Icon className={className} aria-hidden="true" />;
}
