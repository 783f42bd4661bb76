import { useState } from 'react';
import { checkQuickPlan, QUICK_PLAN_DEFAULTS, type QuickPlan, type QuickPlanText } from '../../../shared/card/edit/quick-plan';
import { QUESTION_ROW_PX } from '../../../shared/card/render/render-constants';
import { Checkbox } from '../../components/ui/checkbox';
import { Input } from '../../components/ui/input';
import type { UiKey } from '../../i18n/client-translate';
import { useT } from '../../i18n/locale-context';
import { DialogForm, EditorDialog, useCheckedConfirm } from './dialogs/editor-dialog';

interface Props {
  open: boolean;
  /** Px still free on the page's base, measured on the canvas. */
  room: number;
  onConfirm: (plan: QuickPlan) => void;
  onClose: () => void;
}

/** 快速建立 (issue 15, part 1): how many questions of each type; the editor lays them out. */
export function QuickBuildDialog(props: Props) {
  return (
    <EditorDialog name="quick-build" title="editor.quick.title" open={props.open} onClose={props.onClose}>
      <QuickBuildForm {...props} />
    </EditorDialog>
  );
}

type Field = Exclude<keyof QuickPlanText, 'numericMinus' | 'freeScoreHalf'>;

function QuickBuildForm({ room, onConfirm, onClose }: Props) {
  const t = useT();
  const [text, setText] = useState<QuickPlanText>(QUICK_PLAN_DEFAULTS);
  const confirm = useCheckedConfirm(onConfirm, onClose);
  const rows = Math.max(0, Math.floor(room / (QUESTION_ROW_PX + 1)));
  const field = (name: Field, label: string, placeholder?: string) => (
    <Input
      placeholder={placeholder}
      aria-label={label}
      data-testid={`field-qb-${name}`}
      className="h-8 w-20"
      type="number"
      min={0}
      value={text[name]}
      onChange={(e) => setText((v) => ({ ...v, [name]: e.target.value }))}
    />
  );
  const line = (kind: UiKey, count: Field, detail: React.ReactNode) => (
    <tr className="border-b last:border-b-0">
      <td className="py-1.5 pr-3">{t(kind)}</td>
      <td className="py-1.5 pr-3">{field(count, `${t(kind)} ${t('editor.quick.count')}`)}</td>
      <td className="py-1.5">{detail}</td>
    </tr>
  );
  const labelled = (label: UiKey, name: Field, placeholder?: string) => (
    <span className="flex items-center gap-2 text-sm text-muted-foreground">
      {t(label)} {field(name, t(label), placeholder)}
    </span>
  );
  return (
    <DialogForm onClose={onClose} onSubmit={() => confirm(checkQuickPlan(text))}>
      <p className="text-sm text-muted-foreground">{t('editor.quick.intro')}</p>
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            <th className="pb-1 font-normal">{t('editor.quick.kind')}</th>
            <th className="pb-1 font-normal">{t('editor.quick.count')}</th>
            <th className="pb-1 font-normal">{t('editor.quick.detail')}</th>
          </tr>
        </thead>
        <tbody>
          {line('editor.quick.single', 'singleCount', labelled('editor.quick.options', 'singleOptions'))}
          {line('editor.quick.multi', 'multiCount', labelled('editor.quick.options', 'multiOptions'))}
          {line('editor.quick.trueFalse', 'trueFalseCount', <span className="text-sm text-muted-foreground">{t('editor.quick.trueFalseOptions')}</span>)}
          {line(
            'editor.quick.numeric',
            'numericCount',
            <label className="flex items-center gap-2 text-sm text-muted-foreground">
              <Checkbox data-testid="field-qb-numericMinus" checked={text.numericMinus} onCheckedChange={(c) => setText((v) => ({ ...v, numericMinus: c === true }))} />
              {t('editor.quick.minus')}
            </label>,
          )}
          {line(
            'editor.quick.free',
            'freeCount',
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1.5">
              {labelled('editor.quick.height', 'freeHeight')}
              {labelled('editor.quick.scoreMax', 'freeScoreMax', t('editor.quick.scoreNone'))}
              <label className="flex items-center gap-2 text-sm text-muted-foreground">
                <Checkbox data-testid="field-qb-freeScoreHalf" checked={text.freeScoreHalf} onCheckedChange={(c) => setText((v) => ({ ...v, freeScoreHalf: c === true }))} />
                {t('editor.quick.scoreHalf')}
              </label>
            </div>,
          )}
          {line('editor.quick.handwriting', 'handwritingCount', labelled('editor.quick.chars', 'handwritingChars'))}
        </tbody>
      </table>
      <p className="text-sm" data-testid="quick-build-room">
        {t('editor.quick.room', { rows, questions: rows * 2 })}
      </p>
    </DialogForm>
  );
}
