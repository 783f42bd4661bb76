import { PAGE_ATTR } from '../../geometry/markup-attributes';
import { BLOCK_HEIGHT_PX } from '../constants';
import {
  BUBBLE_GAP_PX,
  OPTIONS_PADDING_PX,
  BUBBLE_PX,
  GROUP_LABEL_WIDTH_PX,
  LINE_COLOUR,
  MARK_COLOUR,
  NUMBER_CELL_PX,
  PAGE_PADDING_PX,
  QUESTION_ROW_PX,
  SCORE_BUBBLE_GAP_PX,
} from './render-constants';

// One stylesheet for the editor canvas and the print: every size that decides where a mark lands
// comes from the constants, so canvas, PDF and geometry map cannot drift apart. Everything is
// scoped to the page sections and the .acs-* classes, so the editor's own styles and this one
// leave each other alone; a page section made by another assembler (the PDF worker frames the
// html itself, without a class) gets the same layout. No url() at all: fonts are the system's,
// images come inline in the markup. No '<' or '>' either: the page store's css sanitiser strips
// them, which would turn a child selector into another one.
const hw = BLOCK_HEIGHT_PX.handwritingCell;
const line = `1px solid ${LINE_COLOUR}`;
// Cells that share their neighbours' lines however they wrap: each draws its right and bottom
// line outside and its left and top line inside, so touching lines fall on the same pixel.
const bottomLine = `box-shadow: inset 0 -1px 0 0 ${LINE_COLOUR};`;
const sharedLines = `box-shadow: 1px 0 0 0 ${LINE_COLOUR}, 0 1px 0 0 ${LINE_COLOUR}, 1px 1px 0 0 ${LINE_COLOUR}, 1px 0 0 0 ${LINE_COLOUR} inset, 0 1px 0 0 ${LINE_COLOUR} inset;`;

const frame = `
@page { size: A4; margin: 0; }
section[${PAGE_ATTR}] { display: block; position: relative; width: 210mm; height: 297mm; overflow: hidden; background: #fff; break-after: page; page-break-after: always; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
section[${PAGE_ATTR}]:last-of-type { break-after: auto; page-break-after: auto; }
.acs-page, .acs-page *, .acs-page *::before, .acs-page *::after { box-sizing: border-box; }
.acs-page { height: 100%; padding: ${PAGE_PADDING_PX.top}px ${PAGE_PADDING_PX.side}px; color: ${MARK_COLOUR}; font-family: "Noto Sans CJK TC", "Noto Sans TC", sans-serif; font-size: 12px; line-height: 1.25; }
.acs-page table { border-collapse: collapse; }
.acs-placeholder { position: absolute; color: #b0b0b0; pointer-events: none; }
`;

const header = `
.acs-header { border: ${line}; margin-bottom: 8px; }
.acs-school { text-align: center; font-size: 20px; font-weight: bold; padding-top: 6px; height: 32px; }
.acs-exam-title { text-align: center; font-size: 16px; height: 26px; }
.acs-info { width: 100%; border-top: ${line}; }
.acs-info td { border: ${line}; height: 28px; padding: 0 4px; }
.acs-info td:first-child { border-left: none; }
.acs-info-label { width: 48px; text-align: center; white-space: nowrap; }
.acs-info-fill { min-width: 40px; }
.acs-barcode { width: 190px; border-right: none !important; position: relative; }
.acs-barcode .acs-placeholder { left: 0; right: 0; top: 50%; transform: translateY(-50%); text-align: center; }
.acs-header-middle { display: flex; border-top: ${line}; }
.acs-digit-grids { display: flex; border-right: ${line}; }
.acs-digit-grid { border-right: ${line}; min-width: 40px; }
.acs-digit-grid:last-child { border-right: none; }
.acs-digit-grid-label { text-align: center; border-bottom: ${line}; height: 20px; line-height: 20px; }
.acs-digit-grid-columns { display: flex; justify-content: center; padding: 4px 6px; gap: 8px; }
.acs-digit-column { display: flex; flex-direction: column; gap: 4px; }
.acs-confirm { flex: 1; padding: 6px 10px; display: flex; flex-direction: column; gap: 8px; }
.acs-notes { line-height: 1.5; }
.acs-notes-title { font-weight: bold; }
.acs-confirm-row { display: flex; align-items: center; gap: 6px; }
.acs-sign { width: 100%; }
.acs-sign td { border: ${line}; }
.acs-sign .acs-info-label { width: 110px; height: 40px; line-height: 1.3; }
.acs-sign-note { text-align: right; height: 20px; padding: 0 6px; border-left: none !important; border-right: none !important; border-bottom: none !important; }
.acs-subtitle { display: flex; justify-content: space-between; border-top: ${line}; height: 26px; padding: 0 8px; align-items: center; font-weight: bold; position: relative; }
`;

const blocks = `
.acs-base { border: ${line}; overflow: hidden; }
.acs-other-title { text-align: center; font-size: 18px; font-weight: bold; height: 34px; line-height: 34px; position: relative; }
.acs-subtitle-right .acs-placeholder { right: 8px; top: 50%; transform: translateY(-50%); font-weight: normal; pointer-events: auto; cursor: text; }
.acs-other-title .acs-placeholder { left: 0; right: 0; font-size: 14px; font-weight: normal; }
.acs-q { display: flex; align-items: center; box-sizing: content-box; height: ${QUESTION_ROW_PX}px; border-bottom: ${line}; }
.acs-no-border { border-bottom-color: transparent; }
.acs-q-no { flex: none; width: ${NUMBER_CELL_PX}px; align-self: stretch; display: flex; align-items: center; justify-content: center; border-right: ${line}; font-size: 12px; }
.acs-q-label { flex: none; max-width: 40%; padding: 0 6px; overflow: hidden; white-space: nowrap; line-height: 1; }
.acs-q-options { display: flex; align-items: center; gap: ${BUBBLE_GAP_PX}px; padding-left: ${OPTIONS_PADDING_PX}px; }
.acs-bubble { flex: none; display: inline-block; width: ${BUBBLE_PX.w}px; height: ${BUBBLE_PX.h}px; border: 1px solid ${MARK_COLOUR}; border-radius: ${BUBBLE_PX.h / 2}px; color: ${MARK_COLOUR}; font-size: 9px; line-height: ${BUBBLE_PX.h - 2}px; text-align: center; overflow: hidden; }
.acs-free { align-items: stretch; box-sizing: border-box; }
.acs-free-area { flex: 1; min-width: 0; overflow: hidden; position: relative; }
/* 閱卷給分格: floated, so the area's tools flow beside and below it; 3 px margin, padding and the
   1 px outline are what scoreFieldHeightPx counts. The outline and text are the mark colour (they
   drop out under a scanner's red light); the bubbles are the card's. */
.acs-score { float: right; display: flex; align-items: center; gap: ${SCORE_BUBBLE_GAP_PX}px; margin: 3px; padding: 3px 4px; border: 1px solid ${MARK_COLOUR}; background: #fff; line-height: 1; position: relative; }
.acs-score-caption { display: flex; flex-direction: column; font-size: 9px; line-height: 11px; white-space: nowrap; }
.acs-score-rows { display: flex; flex-direction: column; gap: ${SCORE_BUBBLE_GAP_PX}px; }
.acs-score-row { display: flex; align-items: center; gap: ${SCORE_BUBBLE_GAP_PX}px; }
.acs-score-label { flex: none; width: 18px; font-size: 9px; text-align: center; }
.acs-score-half { margin-left: 6px; }
/* Rows draw their own bottom line; a group or a two-column block draws one along its bottom with an
   inset shadow, painted under the rows, so where the last row's line falls on it there is one line
   and a group of 25 rows still fits the 527 px base. */
.acs-group { display: flex; }
.acs-group-label { flex: none; width: ${GROUP_LABEL_WIDTH_PX}px; min-height: ${BLOCK_HEIGHT_PX.groupLabel}px; border-right: ${line}; ${bottomLine} writing-mode: vertical-rl; text-orientation: upright; display: flex; align-items: center; justify-content: center; letter-spacing: 2px; font-weight: bold; }
.acs-group-body { flex: 1; min-width: 0; ${bottomLine} }
.acs-two-column { display: flex; }
.acs-column { width: 50%; min-width: 0; ${bottomLine} }
.acs-column-left { border-right: ${line}; }
.acs-split { display: flex; overflow: hidden; }
.acs-split-full { border: ${line}; }
.acs-split-cell { min-width: 0; overflow: hidden; position: relative; }
.acs-split-full .acs-split-cell + .acs-split-cell, .acs-split-middle .acs-split-cell + .acs-split-cell { border-left: ${line}; }
.acs-text { display: flex; flex-direction: column; line-height: 1; overflow: hidden; padding: 2px 4px; position: relative; }
.acs-text-bordered { border-bottom: ${line}; }
.acs-blank { display: flex; align-items: center; justify-content: center; overflow: hidden; }
.acs-blank-doNotWrite { border: 1px dashed ${LINE_COLOUR}; }
.acs-hw-grid, .acs-dot-line { display: flex; flex-wrap: wrap; padding: 4px 5px 5px 4px; }
.acs-hw-cell { width: ${hw}px; height: ${hw}px; ${sharedLines} }
.acs-dot-cell { width: ${hw}px; height: ${hw}px; border-bottom: ${line}; position: relative; }
.acs-dot-cell::after { content: ""; position: absolute; right: 0; bottom: 2px; width: 3px; height: 3px; border-radius: 50%; background: ${LINE_COLOUR}; }
.acs-underline { border-bottom: ${line}; }
.acs-grid { background-image: linear-gradient(to right, ${LINE_COLOUR} 1px, transparent 1px), linear-gradient(to bottom, ${LINE_COLOUR} 1px, transparent 1px); background-size: ${BLOCK_HEIGHT_PX.gridCell}px ${BLOCK_HEIGHT_PX.gridCell - 1}px; }
.acs-image { padding: 5px; min-height: ${BLOCK_HEIGHT_PX.imageMin}px; height: 100%; overflow: hidden; }
.acs-img { display: block; width: 100%; height: 100%; object-fit: contain; }
.acs-img-placeholder { object-fit: fill; }
.acs-image-columns, .acs-image-text-row { display: flex; }
.acs-image-text-column { display: flex; flex-direction: column; }
.acs-image-text-column .acs-image { flex: none; }
.acs-image-text-text { flex: 1; min-height: 0; }
.acs-chart { display: grid; grid-template-columns: 40px 1fr; grid-template-rows: 1fr 20px; padding: 6px 10px 2px 0; }
.acs-chart-y { position: relative; display: flex; align-items: center; justify-content: center; }
.acs-chart-unit { position: absolute; top: 0; right: 6px; }
.acs-chart-origin { position: absolute; bottom: -4px; right: 6px; }
.acs-chart-y-label { writing-mode: vertical-rl; letter-spacing: 2px; }
.acs-chart-plot { border-left: ${line}; border-bottom: ${line}; min-height: 0; overflow: hidden; }
.acs-chart-plot .acs-img { padding: 4px; }
.acs-chart-x { grid-column: 2; text-align: center; line-height: 20px; }
`;

/** The card stylesheet: identical for every page of every card, so a document includes it once. */
export const CARD_CSS = `${frame}${header}${blocks}`.trim();
