// One run of `npm run bench:slips` in a process of its own: reads the prepared class, composes
// its slips twice (cold: the font parsed and embedded for the first time; warm), prints figures.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { composeSlips } from '../src/pdf/compose-slips';
import type { SlipCard, SlipStudent } from '../src/pdf/slip-types';
import { translate } from '../src/shared/i18n/translate';

const dir = process.argv[2];
const input = JSON.parse(readFileSync(join(dir, 'class.json'), 'utf8')) as { card: SlipCard; students: (Omit<SlipStudent, 'pages'> & { pages: { page: number; file: string; toImage: number[] }[] })[] };
const students: SlipStudent[] = input.students.map((s) => ({ ...s, pages: s.pages.map((p) => ({ page: p.page, toImage: p.toImage, jpeg: new Uint8Array(readFileSync(p.file)) })) }));
const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate('tw', key, params);
const compose = () => composeSlips({ card: input.card, students, options: { summary: true, scans: true }, t });

const cpu0 = process.cpuUsage();
let started = performance.now();
const pdf = await compose();
const coldMs = performance.now() - started;
const cpu = process.cpuUsage(cpu0);
started = performance.now();
await compose();
const warmMs = performance.now() - started;
writeFileSync(join(dir, 'class-slips.pdf'), pdf);
const peakRssMb = process.resourceUsage().maxRSS / 1024;
const pages = (await PDFDocument.load(pdf)).getPageCount();
console.log(JSON.stringify({ coldMs, warmMs, cpuMs: (cpu.user + cpu.system) / 1000, pages, bytes: pdf.length, peakRssMb }));
