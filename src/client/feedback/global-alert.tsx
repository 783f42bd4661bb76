import { useSyncExternalStore } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../components/ui/alert-dialog';
import { useT } from '../i18n/locale-context';
import { closeAlert, currentAlert, subscribeAlerts } from './alert-store';

/** The one alert dialog of the app; shows queued alerts one at a time. */
export function GlobalAlert() {
  const t = useT();
  const alert = useSyncExternalStore(subscribeAlerts, currentAlert);
  return (
    <AlertDialog open={alert !== undefined} onOpenChange={(open) => !open && alert && closeAlert(alert.id)}>
      {alert && (
        <AlertDialogContent data-testid="global-alert">
          <AlertDialogHeader>
            <AlertDialogTitle>{t(alert.title)}</AlertDialogTitle>
            <AlertDialogDescription className="text-base text-foreground">{alert.message}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogAction data-testid="global-alert-ok" onClick={() => closeAlert(alert.id)}>
              {t('feedback.ok')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      )}
    </AlertDialog>
  );
}
