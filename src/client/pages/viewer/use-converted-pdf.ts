import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { showAlert } from '../../feedback/alert-store';
import { base64Bytes } from '../../feedback/download';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';

/** Back where the user came from, or to the screen's list when the page was opened directly. */
export function useGoBack(list: string): () => void {
  const navigate = useNavigate();
  return () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(list);
  };
}

/**
 * The converted PDF of a card, template or shared copy for the viewer. Before a conversion the
 * server answers no data (back-office.md §4): the alert 「試卷尚未進行轉存，請先於試卷列表進行轉存」
 * (or, after a failed conversion, its reason), then back.
 */
export function useConvertedPdf(guid: string, list: string) {
  const t = useT();
  const goBack = useGoBack(list);
  // Always asked afresh on opening: a cached "not converted" from before a conversion (the template
  // list converts, then previews) must not raise the alert while the new answer is on its way.
  const preview = trpc.cards.preview.useQuery({ guid }, { enabled: guid !== '', refetchOnWindowFocus: false, refetchOnMount: 'always' });
  const alerted = useRef(false);
  const data = preview.isFetching ? undefined : preview.data;
  const bytes = useMemo(() => (data?.converted ? base64Bytes(data.base64) : undefined), [data]);
  useEffect(() => {
    if (!data || data.converted || alerted.current) return;
    alerted.current = true;
    // A failed conversion says why, in the user's language; otherwise "convert first".
    void showAlert(data.failure ?? t('viewer.notConverted')).then(goBack);
  }, [data, t, goBack]);
  return { bytes, goBack };
}
