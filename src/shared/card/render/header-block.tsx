import type { z } from 'zod';
import type { ZHeaderBlock } from '../page-blocks';
import { FIELD_ATTR } from '../../geometry/markup-attributes';
import { PlainBubble } from './bubble';
import { HeaderBubbleGrids } from './header-bubble-grids';
import { blockHooks, type RenderEnv } from './render-env';
import { isEmptyRichText, RichTextView } from './rich-text';

type HeaderBlock = z.infer<typeof ZHeaderBlock>;
type TextField = 'name' | 'number' | 'seat' | 'grade' | 'className' | 'department' | 'subject';

// Cells a print run writes each student's data into are marked; the rest is printed as is.
const Label = ({ children }: { children: string }) => <td className="acs-info-label">{children}</td>;
const Fill = ({ field, colSpan }: { field?: TextField; colSpan?: number }) => (
  <td className="acs-info-fill" colSpan={colSpan} {...(field ? { [FIELD_ATTR]: field } : {})} />
);

function StudentTable({ mode }: { mode: RenderEnv['mode'] }) {
  return (
    <table className="acs-info">
      <tbody>
        <tr>
          <Label>年級</Label>
          <Fill field="grade" />
          <Label>班級</Label>
          <Fill field="className" />
          <Label>座號</Label>
          <Fill field="seat" />
          <Label>科別</Label>
          <Fill field="department" />
          <td className="acs-barcode" rowSpan={2} {...{ [FIELD_ATTR]: 'barcode' }}>
            {mode === 'edit' && <span className="acs-placeholder">條碼（列印時填入）</span>}
          </td>
        </tr>
        <tr>
          <Label>姓名</Label>
          <Fill field="name" colSpan={3} />
          <Label>卡號</Label>
          <Fill field="number" />
          <Label>科目</Label>
          <Fill field="subject" />
        </tr>
      </tbody>
    </table>
  );
}

const NOTES = ['請使用2B鉛筆劃記，劃記要粗黑清晰、塗滿框格。', '修正時請用橡皮擦擦拭乾淨，不可使用修正液(帶)。', '請勿折疊、污損本卷卡。'];

/** Notes, the confirmation bubble and the signature cells beside the bubble grids. */
function ConfirmPanel() {
  return (
    <div className="acs-confirm">
      <div className="acs-notes">
        <div className="acs-notes-title">作答注意事項</div>
        {NOTES.map((note, i) => (
          <div key={i}>{`${i + 1}. ${note}`}</div>
        ))}
      </div>
      <div className="acs-confirm-row">
        <PlainBubble />
        <span>准考證號碼確認無誤</span>
      </div>
      <table className="acs-sign">
        <tbody>
          <tr>
            <td className="acs-info-label">考生簽名<br />（確認後簽名）</td>
            <td className="acs-sign-cell" />
          </tr>
          <tr>
            <td className="acs-sign-note" colSpan={2}>請以正楷簽名</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** The first page's header; `schoolName` overrides the stored one (page 1 always shows the school's). */
export function HeaderBlockView({ block, env, schoolName }: { block: HeaderBlock; env: RenderEnv; schoolName?: string }) {
  const left = block.subtitle?.left;
  const right = block.subtitle?.right;
  return (
    <div className="acs-header" {...blockHooks(env, block.id)}>
      <div className="acs-school">{schoolName ?? block.schoolName}</div>
      <div className="acs-exam-title">{block.title}</div>
      <StudentTable mode={env.mode} />
      <div className="acs-header-middle">
        <HeaderBubbleGrids />
        <ConfirmPanel />
      </div>
      <div className="acs-subtitle">
        <div className="acs-subtitle-left">
          {left && !isEmptyRichText(left) ? <RichTextView content={left} /> : env.mode === 'edit' ? <span className="acs-placeholder">請輸入區塊標題文字</span> : null}
        </div>
        <div className="acs-subtitle-right">{right && <RichTextView content={right} />}</div>
      </div>
    </div>
  );
}
