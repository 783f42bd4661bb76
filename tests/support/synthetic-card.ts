import type { RenderInput } from '../../src/shared/jobs/render-input';

/**
 * A card of the density a real one has, in the markup contract of docs/omr-geometry.md, built
 * without the shared renderer: a header table with student fields and digit grids on page 1,
 * then questions laid out three ways (flex rows, a table, absolutely placed at fractional
 * positions). Outlines are coloured by kind so a raster check can tell them apart from text:
 * bubbles magenta, question groups blue, header fields green.
 */
const CSS = `
.sheet { padding: 15mm 11.3mm; font-size: 10.5pt; color: #000; }
.hdr { border-collapse: collapse; width: 100%; margin-bottom: 3.1mm; }
.hdr td { border: 0.5px solid #444; padding: 1.3mm 2mm; height: 7mm; }
.fld { border: 1px solid rgb(0,160,0); }
.grids { display: flex; gap: 5.5mm; margin-bottom: 4mm; }
.grid { display: flex; gap: 1.7mm; }
.col { display: flex; flex-direction: column; gap: 0.9mm; }
.b { display: inline-flex; box-sizing: border-box; width: 13px; height: 13px; border: 1px solid rgb(255,0,150);
  border-radius: 50%; align-items: center; justify-content: center; font-size: 7px; line-height: 1; }
.b.small { width: 10px; height: 10px; }
.q { display: flex; align-items: center; gap: 2.3mm; border: 1px solid rgb(0,90,255); padding: 0.7mm 1.9mm; }
.rows { display: flex; flex-wrap: wrap; gap: 1.6mm 4.1mm; }
.rows .q { width: 56mm; }
.tbl { border-collapse: separate; border-spacing: 2.5mm 1.3mm; margin-top: 3mm; }
.abs { position: relative; height: 40mm; margin-top: 2mm; }
.abs .q { position: absolute; }
`;

const LETTERS = ['A', 'B', 'C', 'D', 'E'];

function question(q: number, style = ''): string {
  const bubbles = LETTERS.map((v, i) => `<span class="b${(q + i) % 3 === 0 ? ' small' : ''}" data-omr="bubble" data-q="${q}" data-value="${v}" data-showno="${q}">${v}</span>`);
  return `<div class="q" data-omr="group" data-q="${q}" data-showno="${q}"${style}><span>第${q}題</span>${bubbles.join('')}</div>`;
}

function digitGrid(field: string, title: string): string {
  const col = (c: number) => `<div class="col">${Array.from({ length: 10 }, (_, d) => `<span class="b small" data-field="${field}" data-column="${c}" data-digit="${d}">${d}</span>`).join('')}</div>`;
  return `<div><div>${title}</div><div class="grid">${col(0)}${col(1)}</div></div>`;
}

const HEADER = `<table class="hdr"><tr>
<td>姓名 <span class="fld" data-field="name" style="display:inline-block;width:38mm;height:5mm"></span></td>
<td>學號 <span class="fld" data-field="number" style="display:inline-block;width:24mm;height:5mm"></span></td>
<td>座號 <span class="fld" data-field="seat" style="display:inline-block;width:11mm;height:5mm"></span></td></tr>
<tr><td>班級 <span class="fld" data-field="className" style="display:inline-block;width:30mm;height:5mm"></span></td>
<td colspan="2"><div class="fld" data-field="barcode" style="width:45mm;height:11mm"></div></td></tr></table>
<div class="grids">${digitGrid('grade-bubble', '年級')}${digitGrid('class-bubble', '班級')}${digitGrid('seat-bubble', '座號')}
<p style="flex:1">請用 2B 鉛筆將答案塗滿圓圈。臺灣繁體中文：國語、數學、自然與生活科技。</p></div>`;

/** `pages` pages of `perPage` questions (5 bubbles each), numbered on from page to page. */
export function syntheticCard(pages: number, perPage = 20): RenderInput {
  const result: RenderInput['pages'] = [];
  let q = 1;
  for (let p = 1; p <= pages; p += 1) {
    const next = (n: number) => Array.from({ length: n }, () => q++);
    const flexRows = next(Math.ceil(perPage * 0.5)).map((n) => question(n));
    const table = next(Math.floor(perPage * 0.3)).map((n) => `<td>${question(n)}</td>`);
    const placed = next(perPage - flexRows.length - table.length).map((n, i) => question(n, ` style="left:${(i % 3) * 61.37 + 0.41}mm;top:${Math.floor(i / 3) * 9.13 + 0.29}mm"`));
    const rows = [];
    for (let i = 0; i < table.length; i += 3) rows.push(`<tr>${table.slice(i, i + 3).join('')}</tr>`);
    const html = `<div class="sheet">${p === 1 ? HEADER : `<h2>第 ${p} 頁 — 選擇題</h2>`}
<div class="rows">${flexRows.join('')}</div><table class="tbl">${rows.join('')}</table><div class="abs">${placed.join('')}</div></div>`;
    result.push({ html, css: CSS });
  }
  return { pages: result };
}
