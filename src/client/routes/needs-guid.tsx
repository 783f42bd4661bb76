import { useEffect, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { showAlert } from '../feedback/alert-store';
import { useT } from '../i18n/locale-context';

/**
 * A card screen opened without its guid (`/cards/edit`, `/cards/preview`, `/cards/print`,
 * `/cards/log`, `/cards/scan`) does what the editor does without one (back-office.md, "Card content
 * editor"): it alerts 卷卡資訊不足 and goes to the card list, instead of a page that is not there.
 */
export function NeedsGuid({ children }: { children: ReactNode }) {
  const { guid } = useParams();
  const t = useT();
  const navigate = useNavigate();
  useEffect(() => {
    if (!guid) void showAlert(t('card.info.insufficient')).then(() => navigate('/cards/lists', { replace: true }));
  }, [guid, navigate, t]);
  return guid ? children : null;
}
