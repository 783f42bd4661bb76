import { EllipsisVerticalIcon } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '../../components/ui/dropdown-menu';
import { useT } from '../../i18n/locale-context';

export interface ClientRow {
  client_id: number;
  name: string;
  status: 'normal' | 'disabled';
  parent_id: number | null;
}
export type RowDialog = 'extend' | 'disable' | 'enable' | 'delete';

/** The row dropdown of the school list, in the spec's order. */
export function ClientRowMenu({ row, onDialog }: { row: ClientRow; onDialog: (dialog: RowDialog) => void }) {
  const t = useT();
  const navigate = useNavigate();
  const id = row.client_id;
  const go = (path: string) => () => void navigate(path);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" data-testid={`client-menu-${id}`} aria-label={t('school.col.actions')}>
          <EllipsisVerticalIcon />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={go(`/client/edit/${id}`)} data-testid="menu-edit">{t('school.menu.edit')}</DropdownMenuItem>
        <DropdownMenuItem onSelect={go(`/client/user/edit/${id}`)} data-testid="menu-add-user">{t('school.menu.addUser')}</DropdownMenuItem>
        <DropdownMenuItem onSelect={go(`/client/permission?client_id=${id}`)} data-testid="menu-permission">{t('school.menu.permission')}</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onDialog('extend')} data-testid="menu-extend">{t('school.menu.extend')}</DropdownMenuItem>
        <DropdownMenuItem onSelect={go(`/client/setting/${id}`)} data-testid="menu-setting">{t('school.menu.setting')}</DropdownMenuItem>
        <DropdownMenuItem onSelect={go(`/client/cardsize/${id}`)} data-testid="menu-cardsize">{t('school.menu.cardSize')}</DropdownMenuItem>
        <DropdownMenuItem onSelect={go(`/client/defPermission/${id}`)} data-testid="menu-defpermission">{t('school.menu.defPermission')}</DropdownMenuItem>
        <DropdownMenuSeparator />
        {row.status !== 'disabled' && (
          <DropdownMenuItem onSelect={() => onDialog('disable')} data-testid="menu-disable">{t('school.menu.disable')}</DropdownMenuItem>
        )}
        {row.status !== 'normal' && (
          <DropdownMenuItem onSelect={() => onDialog('enable')} data-testid="menu-enable">{t('school.menu.enable')}</DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => onDialog('delete')} data-testid="menu-delete" className="text-destructive">
          {t('school.menu.delete')}
        </DropdownMenuItem>
        {row.parent_id === null && (
          <DropdownMenuItem onSelect={go(`/client/lists/${id}`)} data-testid="menu-sub-clients">{t('school.menu.subClients')}</DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
