import { ZAnswersInput, ZCaptureSheetsInput, ZDeleteBatchInput, ZDeleteCaptureInput, ZScanBatchInput, ZScanCorrection, ZScanGuidInput, ZScanPageInput, ZSheetInput, ZStudentAtSeat, ZStudentLookup } from '../../../shared/schemas/scan';
import { told } from '../../http/told';
import { listCardAnswers } from '../../../core/services/scan/card-answers';
import { deleteScanBatch, getScanBatch, listScanBatches } from '../../../core/services/scan/scan-batches';
import { captureSheets, deleteCaptureSession } from '../../../core/services/scan/capture-sheets';
import { scanPageImage } from '../../../core/services/scan/scan-images';
import { correctScan, findStudentByNumber, findStudentBySeat, reviewQueue } from '../../../core/services/scan/scan-review';
import { scanSheet } from '../../../core/services/scan/scan-sheet';
import { authedProcedure, router } from '../init';

// The scan screen (docs/scan-batches.md): the upload goes through the multipart door (legacy
// `cards import scans`); these read batches back, review them and show the answers.
export const scanRouter = router({
  batches: authedProcedure.input(ZScanGuidInput).query(({ ctx, input }) => listScanBatches(ctx.deps, ctx.actor, ctx.locale, input.guid)),
  batch: authedProcedure.input(ZScanBatchInput).query(({ ctx, input }) => getScanBatch(ctx.deps, ctx.actor, ctx.locale, input.batch_id)),
  deleteBatch: authedProcedure.input(ZDeleteBatchInput).mutation(async ({ ctx, input }) => told(ctx.locale, await deleteScanBatch(ctx.deps, ctx.actor, input.batch_id, input.restore))),
  // A phone capture session (docs/scan-batches.md "Capture with a phone"): its sheets as the phone waits for them; deleted or restored as one.
  captureSheets: authedProcedure.input(ZCaptureSheetsInput).query(({ ctx, input }) => captureSheets(ctx.deps, ctx.actor, ctx.locale, input.guid, input.batch_ids)),
  deleteCapture: authedProcedure.input(ZDeleteCaptureInput).mutation(async ({ ctx, input }) => told(ctx.locale, await deleteCaptureSession(ctx.deps, ctx.actor, input.guid, input.capture, input.restore))),
  review: authedProcedure.input(ZScanGuidInput).query(({ ctx, input }) => reviewQueue(ctx.deps, ctx.actor, input.guid)),
  correct: authedProcedure.input(ZScanCorrection).mutation(async ({ ctx, input }) => told(ctx.locale, await correctScan(ctx.deps, ctx.actor, input))),
  pageImage: authedProcedure.input(ZScanPageInput).query(({ ctx, input }) => scanPageImage(ctx.deps, ctx.actor, input.pageId, input.q, input.field)),
  answers: authedProcedure.input(ZAnswersInput).query(({ ctx, input }) => listCardAnswers(ctx.deps, ctx.actor, input)),
  sheet: authedProcedure.input(ZSheetInput).query(({ ctx, input }) => scanSheet(ctx.deps, ctx.actor, input)),
  studentAtSeat: authedProcedure.input(ZStudentAtSeat).query(({ ctx, input }) => findStudentBySeat(ctx.deps, ctx.actor, input.guid, input)),
  student: authedProcedure.input(ZStudentLookup).query(({ ctx, input }) => findStudentByNumber(ctx.deps, ctx.actor, input.guid, input.number)),
});
