import type { useT } from '../../i18n/locale-context';
import { MAX_VERSIONS } from '../../../shared/schemas/print';

/** 卷別 choices of the class print and the blank copies (docs/print-service.md "Versions"): 單一版本, A、B 兩卷 … */
export function versionChoices(t: ReturnType<typeof useT>): { value: string; label: string }[] {
  return Array.from({ length: MAX_VERSIONS }, (_, i) => ({ value: String(i + 1), label: t(`print.versions.${(i + 1) as 1 | 2 | 3 | 4}`) }));
}
