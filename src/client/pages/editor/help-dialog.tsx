import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { useT } from '../../i18n/locale-context';

/** The template editor's help modal explaining the components (page-editor.md §2). */
export function HelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent closeLabel={t('editorDialog.close')} data-testid="editor-help-dialog" className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('editor.help.title')}</DialogTitle>
          <DialogDescription className="leading-relaxed">{t('editor.help.body')}</DialogDescription>
        </DialogHeader>
      </DialogContent>
    </Dialog>
  );
}
