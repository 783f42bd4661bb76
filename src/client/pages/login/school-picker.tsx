import { SearchableSelect } from '../../components/searchable-select';
import { useT } from '../../i18n/locale-context';

export interface School {
  code: string;
  name: string;
}

interface SchoolPickerProps {
  id: string;
  schools: School[] | undefined;
  value: string;
  onChange: (code: string) => void;
  invalid: boolean;
}

/** A searchable school list (by name or code); a long list of schools is easier typed than scrolled. */
export function SchoolPicker({ id, schools, value, onChange, invalid }: SchoolPickerProps) {
  const t = useT();
  return (
    <SearchableSelect
      id={id}
      choices={schools?.map((s) => ({ value: s.code, label: s.name, hint: s.code }))}
      value={value}
      onChange={onChange}
      invalid={invalid}
      texts={{
        placeholder: t('login.schoolPlaceholder'),
        search: t('login.schoolSearch'),
        none: t('login.schoolNone'),
        loading: t('login.schoolLoading'),
        list: t('login.school'),
      }}
      testIds={{ search: 'school-search', option: (code) => `school-option-${code}` }}
    />
  );
}
