/**
 * Static markup of a realistic answer card for print tests and the print benchmark: a header
 * with name/number/seat/class cells, a barcode cell, a one-column grade grid and two-column class
 * and seat grids, then answer rows. It carries the markup contract of
 * src/shared/geometry/markup-attributes.ts but is NOT the product's card renderer.
 * Outlines are drop-out red as on real cards; digit labels sit beside the bubbles, not inside,
 * so a raster test can find each outline's centre from its ring alone.
 */
const DIGITS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

function grid(title: string, field: string, columns: number): string {
  const rows = DIGITS.map((digit) => {
    const bubbles = Array.from({ length: columns }, (_, column) =>
      `<td><span class="b" data-field="${field}" data-column="${column}" data-digit="${digit}"></span></td>`,
    ).join('');
    return `<tr><td class="d">${digit}</td>${bubbles}</tr>`;
  }).join('');
  return `<table class="grid"><caption>${title}</caption>${rows}</table>`;
}

function answers(from: number, count: number): string {
  return Array.from({ length: count }, (_, index) => {
    const q = from + index;
    const options = ['A', 'B', 'C', 'D']
      .map((value) => `<span class="o">${value}<span class="b" data-omr="bubble" data-q="${q}" data-value="${value}" data-showno="${q}"></span></span>`)
      .join('');
    return `<div class="q" data-omr="group" data-q="${q}" data-showno="${q}"><span class="n">${q}.</span>${options}</div>`;
  }).join('');
}

const CSS = `
@page { size: A4; margin: 0 }
* { box-sizing: border-box; margin: 0; padding: 0 }
body { font-family: 'Noto Sans CJK TC', sans-serif; font-size: 12px; color: #000 }
section { width: 210mm; height: 297mm; padding: 12mm; overflow: hidden; break-after: page; position: relative }
h1 { font-size: 20px; text-align: center; margin-bottom: 4mm }
table { border-collapse: collapse }
.head td { border: 1px solid #c00; height: 9mm; padding: 0 2mm }
.head .l { color: #c00; width: 14mm; text-align: center }
.head [data-field=name] { width: 42mm } .head [data-field=number] { width: 30mm }
.head [data-field=seat] { width: 14mm } .head [data-field=className] { width: 30mm } .head [data-field=grade] { width: 14mm }
.head [data-field=barcode] { width: 56mm; height: 14mm }
.grids { display: flex; gap: 8mm; margin-top: 4mm }
.grid caption { color: #c00; font-size: 11px }
.grid td { padding: 1px 2px; height: 18px; text-align: center; color: #c00; font-size: 10px }
.b { display: inline-block; width: 13px; height: 13px; border: 1px solid #c00; border-radius: 50%; vertical-align: middle }
.q { display: flex; gap: 6mm; align-items: center; height: 7mm }
.n { width: 10mm; text-align: right } .o { display: inline-flex; gap: 2px; align-items: center; color: #c00 }
.essay { border: 1px solid #c00; height: 150mm; margin-top: 4mm; padding: 2mm; color: #c00 }
`;

/** `pages` = 1 or 2: the second page holds more answers and an essay box, no header. */
export function printCardHtml(pages: 1 | 2): string {
  const head = `<table class="head">
<tr><td class="l">姓名</td><td data-field="name"></td><td class="l">學號</td><td data-field="number"></td>
<td class="l">座號</td><td data-field="seat"></td></tr>
<tr><td class="l">班級</td><td data-field="className"></td><td class="l">年級</td><td data-field="grade"></td><td class="l">條碼</td><td data-field="barcode"></td></tr>
</table>`;
  const grids = `<div class="grids">${grid('年級', 'grade-bubble', 1)}${grid('班級', 'class-bubble', 2)}${grid('座號', 'seat-bubble', 2)}</div>`;
  const first = `<section data-card-page="1"><h1>國文科 期中考 答案卡</h1>${head}${grids}<div>${answers(1, 20)}</div></section>`;
  const second = `<section data-card-page="2"><div>${answers(21, 15)}</div><div class="essay">作文：請寫在框內</div></section>`;
  return `<!doctype html><html lang="zh-Hant"><head><meta charset="utf-8"><style>${CSS}</style></head><body>${first}${pages === 2 ? second : ''}</body></html>`;
}
