import { CHOICE_OPTIONS, QUESTION_COUNT_HINT } from '../../../../shared/card/constants';
import { CHOICE_TYPES, switchChoiceType, type ChoiceForm, type ChoiceType } from '../../../../shared/card/dialog-input';
import { Checkbox } from '../../../components/ui/checkbox';
import { Label } from '../../../components/ui/label';
import { useT } from '../../../i18n/locale-context';
import { RadioChoices } from '../../../components/radio-choices';
import { NumberField } from './dialog-fields';

interface Props {
  form: ChoiceForm;
  onForm: (form: ChoiceForm) => void;
  /** Show the question-count field (sub-question group, multi choice) with the page's hint. */
  questionsOnPage?: number;
  /** Rows that still fit on the page (measured), said under the question count. */
  rowsLeft?: number;
}

const TICKS = ['digit', 'minus', 'plusMinus'] as const;

/**
 * The option-type fields shared by the choice and sub-question dialogs (§4): number, English and
 * true/false take an option count (true/false fixed at 2, field disabled); fill-in takes ticks.
 */
export function ChoiceFields({ form, onForm, questionsOnPage, rowsLeft }: Props) {
  const t = useT();
  const hint = questionsOnPage === 1 ? QUESTION_COUNT_HINT.firstPage : QUESTION_COUNT_HINT.otherPages;
  return (
    <>
      {questionsOnPage !== undefined && (
        <NumberField
          name="questions"
          label={t('editorDialog.choice.questions')}
          value={form.questions}
          onValue={(questions) => onForm({ ...form, questions })}
          min={1}
          step={1}
          placeholder={t('editorDialog.choice.questionsHint', { max: hint })}
          hint={rowsLeft === undefined ? undefined : <span data-testid="field-rows-left">{t('editor.generator.rowsLeft', { rows: rowsLeft })}</span>}
          autoFocus
        />
      )}
      <RadioChoices
        id="field-type"
        label={t('editorDialog.choice.type')}
        value={form.type}
        onChange={(type) => onForm(switchChoiceType(form, type as ChoiceType))}
        choices={CHOICE_TYPES.map((type) => ({ value: type, label: t(`editorDialog.choice.type.${type}`) }))}
      />
      {form.type === 'chooseNumber' ? (
        <div className="flex flex-wrap gap-5">
          {TICKS.map((tick) => (
            <div key={tick} className="flex items-center gap-2">
              <Checkbox
                id={`field-${tick}`}
                data-testid={`field-${tick}`}
                checked={form[tick]}
                onCheckedChange={(checked) => onForm({ ...form, [tick]: checked === true })}
              />
              <Label htmlFor={`field-${tick}`} className="font-normal">
                {t(`editorDialog.choice.${tick}`)}
              </Label>
            </div>
          ))}
        </div>
      ) : (
        form.type !== '' && (
          <NumberField
            name="count"
            label={t('editorDialog.choice.count')}
            value={form.count}
            onValue={(count) => onForm({ ...form, count })}
            min={CHOICE_OPTIONS.min}
            max={CHOICE_OPTIONS.max}
            step={1}
            disabled={form.type === 'truefalse'}
            placeholder={t('editorDialog.choice.countHint')}
          />
        )
      )}
    </>
  );
}
