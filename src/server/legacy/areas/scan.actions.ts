import { ZAnswersInput, ZImportScansInput, ZScanBatchInput } from '../../../shared/schemas/scan';
import { translate } from '../../../shared/i18n/translate';
import { listCardAnswersWithGaps } from '../../../core/services/scan/card-answers';
import { getScanBatch } from '../../../core/services/scan/scan-batches';
import { createScanBatch } from '../../../core/services/scan/scan-upload';
import { json, sessionAction } from '../action';

// cards: reading scans back (LEGACY-API.md "Extensions for reading scans back"; docs/legacy-api.md).

/** `flags` as integrators get them: only what is still unsure or blank; a corrected answer is plain. */
const openFlags = (flags: Record<string, string>) => Object.fromEntries(Object.entries(flags).filter(([, f]) => f !== 'corrected'));

export const scanActions = [
  sessionAction({
    area: 'cards',
    method: 'import',
    action: 'scans',
    input: ZImportScansInput,
    run: async (ctx, input) => {
      const { batchId, message } = await createScanBatch(ctx.deps, ctx.actor, input.guid, ctx.scanFile, { again: input.again, capture: input.capture });
      return json({ batch_id: batchId }, translate(ctx.locale, message));
    },
  }),
  sessionAction({
    area: 'cards',
    method: 'get',
    action: 'scanBatch',
    input: ZScanBatchInput,
    run: async (ctx, input) => {
      const batch = await getScanBatch(ctx.deps, ctx.actor, ctx.locale, input.batch_id);
      return json({
        batch_id: batch.batch_id,
        state: batch.state,
        pages_total: batch.pages_total,
        pages_done: batch.pages_done,
        error: batch.error,
        // The reader's warnings about the scan (e.g. kind "bilevel": pages scanned in black-and-white), in the caller's language.
        warnings: batch.warnings,
        pages: batch.pages.map((p) => ({
          index: p.index,
          status: p.status,
          card_page: p.card_page,
          version: p.version,
          student_number: p.student_number,
          grade: p.grade,
          class: p.class,
          seat: p.seat,
          answers: p.answers,
          flags: p.flags,
          warnings: p.warnings,
          reason: p.reason,
        })),
      });
    },
  }),
  sessionAction({
    area: 'cards',
    method: 'get',
    action: 'answers',
    input: ZAnswersInput,
    run: async (ctx, input) => {
      const { sheets, pending, absent } = await listCardAnswersWithGaps(ctx.deps, ctx.actor, input);
      const rows = [
        ...sheets.map((s) => ({ student_number: s.student_number, name: s.name, grade: s.grade, class: s.class, seat: s.seat, version: s.version ?? null, answers: s.answers, flags: openFlags(s.flags) })),
        ...absent.map((s) => ({ student_number: s.student_number, name: s.name, grade: s.grade, class: s.class, seat: s.seat, version: null, answers: {}, flags: {}, absent: true, attendance: s.mark })),
      ].sort((a, b) => a.grade - b.grade || a.class - b.class || a.seat - b.seat);
      return json({ data: rows, total: rows.length, per_page: rows.length, current_page: 1, last_page: 1, pending_review: pending });
    },
  }),
];
