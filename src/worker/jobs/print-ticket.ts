import type { PDFDocument } from 'pdf-lib';
import { departmentName, subjectName } from '../../shared/card/catalogue';
import { loadPrintSource, printCardOf } from '../../pdf/print-source';
import type { TPrintCard, TPrintInfo } from '../../pdf/class-print-input';
import type { Db } from '../../data/db/database';
import { AppError } from '../../core/errors/app-error';
import { encodeMessage, keyedMessage, type KeyedMessage } from '../../shared/keyed-message';
import { classRoster, gradeTextRows } from '../../data/repos/print-roster.repo';
import { findTicket, recordClassDone, recordGradeFile, ticketClasses, updateTicket, updateTicketClass } from '../../data/repos/print-tickets.repo';
import type { FileStorage } from '../../data/storage/file-storage';
import { composeClassPdf, jobText, loadCard } from '../../pdf/compose-class-pdf';
import { printFileName } from '../../shared/print/print-file-name';
import { studentVersion, versionsOf } from '../../shared/print/exam-versions';
import type { ExamVersion } from '../../shared/geometry/page-code';
import { combineClassFiles } from '../../pdf/grade-file';
import { classFileKey, classLabel, gradeFileStorageKey } from '../../shared/jobs/print-ticket-job';

// One print ticket: the card loaded once, then class by class — compose, store under a key fixed
// by ticket and class, record the log row and mark the step done. A ticket run again (a retry, a
// worker killed mid-batch) skips the steps already done and overwrites a half-done one's file, so
// every class ends with exactly one file and one log row (docs/print-service.md).

export interface PrintContext {
  db: Db;
  storage: FileStorage;
  /** Called with the students printed so far (after each class, and now and then within one), for BullMQ's progress. */
  onProgress?: (done: number) => Promise<void>;
}

/** Within a class, progress is written at most this often: per student, without a write per student. */
const STUDENT_PROGRESS_MS = 250;

type Ticket = NonNullable<Awaited<ReturnType<typeof findTicket>>>;


type LoadedCard = TPrintCard & { card: PDFDocument };

// The last few cards parsed, by their storage keys: a conversion writes under a digest of the
// content (docs/pdf-rendering.md), so a key never names other bytes, and composing only reads the
// card. A school printing grade after grade of one exam parses it once per worker.
const CARD_CACHE_SIZE = 4;
const cards = new Map<string, LoadedCard>();

async function loadCardOf(storage: FileStorage, ticket: Ticket): Promise<LoadedCard> {
  if (ticket.document_status !== 'converted' || !ticket.pdf_key || !ticket.geometry_key) throw new AppError('CONFLICT', 'print.failure.notConverted');
  const cacheKey = `${ticket.pdf_key}\n${ticket.geometry_key}`;
  const cached = cards.get(cacheKey);
  if (cached) return cached;
  const source = await loadPrintSource((key) => storage.get(key), ticket.pdf_key, ticket.geometry_key);
  if (!source) throw new AppError('NOT_FOUND', 'print.failure.filesMissing');
  // A card without a header block still prints one copy per student, with only its page codes.
  const loaded = { card: await loadCard(source.pdf), ...printCardOf(source.geometry, ticket.document_id) };
  cards.set(cacheKey, loaded);
  if (cards.size > CARD_CACHE_SIZE) cards.delete(cards.keys().next().value!);
  return loaded;
}

/** 科別 and 科目 as the card's info says at print time (they are not part of the converted content). */
const ticketInfo = (ticket: Ticket): TPrintInfo => ({ department: departmentName(ticket.department ?? ''), subject: subjectName(ticket.subject ?? '') });

/** Tells the ticket (the modal reads done_students) and BullMQ how far a long class has got. */
function studentProgress(ctx: PrintContext, ticketId: number, doneBefore: number) {
  let last = Date.now();
  return async (printed: number) => {
    if (Date.now() - last < STUDENT_PROGRESS_MS) return;
    last = Date.now();
    await updateTicket(ctx.db, ticketId, { done_students: doneBefore + printed });
    await ctx.onProgress?.(doneBefore + printed);
  };
}

/**
 * A student's version in a print of versions (A/B 卷): by seat, or the roster's 卷別 as it is now.
 * A 卷別 removed since queueing fails the class rather than guess a version.
 */
function ticketVersion(ticket: Ticket, student: { seat: number; exam_version: string | null; name: string }): ExamVersion | undefined {
  if (ticket.versions <= 1) return undefined;
  const version = studentVersion(student, ticket.versions, ticket.version_by);
  if (version === null) throw new Error(`${student.seat} 號 ${student.name} has no 卷別 (version) among ${versionsOf(ticket.versions).join('/')} in the roster`);
  return version;
}

async function printClass(ctx: PrintContext, ticket: Ticket, card: LoadedCard, step: { class: number; expected: number }, text: string, doneBefore: number): Promise<number> {
  await updateTicketClass(ctx.db, ticket.id, step.class, { state: 'running' });
  // Read now, not at queue time: a student deleted meanwhile is not printed, and the step says so.
  const rows = await classRoster(ctx.db, ticket.client_id, ticket.grade, step.class, ticket.print_order);
  const className = classLabel(ticket.grade, step.class);
  const students = rows.map((r) => ({ id: r.id, name: r.name, number: r.number, seat: r.seat, grade: ticket.grade, class: step.class, className, version: ticketVersion(ticket, r) }));
  const key = classFileKey(ticket, step.class);
  if (students.length > 0) {
    const onStudent = studentProgress(ctx, ticket.id, doneBefore);
    const bytes = await composeClassPdf({ ...card, info: ticketInfo(ticket), students, jobText: text, onStudent });
    await ctx.storage.put(key, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'application/pdf');
  }
  // expected − printed is what the record screen reports as deleted since queueing.
  if (students.length === 0) {
    await updateTicketClass(ctx.db, ticket.id, step.class, { state: 'done', printed: 0 });
    return 0;
  }
  await recordClassDone(
    ctx.db,
    { ticketId: ticket.id, class: step.class, printed: students.length },
    {
      document_id: ticket.document_id,
      client_id: ticket.client_id,
      user_id: ticket.user_id,
      username: ticket.username,
      filename: printFileName({ title: ticket.title, grade: ticket.grade, klass: step.class, order: ticket.print_order, at: ticket.created_at }),
      class: className,
      storage_key: key,
    },
  );
  return students.length;
}

/** The combined file, from the stored class files (re-run: written again under the same key and log row). */
async function writeGradeFile(ctx: PrintContext, ticket: Ticket): Promise<void> {
  const printed = (await ticketClasses(ctx.db, ticket.id)).filter((s) => s.state === 'done' && s.printed > 0);
  const bytes = await combineClassFiles(ctx.storage, printed.map((s) => classFileKey(ticket, s.class)));
  if (!bytes) return;
  const key = gradeFileStorageKey(ticket);
  await ctx.storage.put(key, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'application/pdf');
  const filename = printFileName({ title: ticket.title, grade: ticket.grade, order: ticket.print_order, at: ticket.created_at });
  await recordGradeFile(ctx.db, ticket.id, {
    document_id: ticket.document_id,
    client_id: ticket.client_id,
    user_id: ticket.user_id,
    username: ticket.username,
    filename,
    class: `${ticket.grade}年級`,
    storage_key: key,
  });
}

export async function runPrintTicket(ctx: PrintContext, ticketId: number): Promise<{ classes: number; students: number }> {
  const ticket = await findTicket(ctx.db, ticketId);
  if (!ticket) return { classes: 0, students: 0 }; // the card (and its tickets) was deleted meanwhile
  if (ticket.state === 'done') return { classes: 0, students: ticket.done_students };
  await updateTicket(ctx.db, ticket.id, { state: 'running' });
  const steps = await ticketClasses(ctx.db, ticket.id);
  const todo = steps.filter((s) => s.state !== 'done');
  const card = await loadCardOf(ctx.storage, ticket);
  const text = jobText(await gradeTextRows(ctx.db, ticket.client_id, ticket.grade, todo.map((s) => s.class)));
  let done = steps.filter((s) => s.state === 'done').reduce((n, s) => n + s.printed, 0);
  for (const step of todo) {
    done += await printClass(ctx, ticket, card, step, text, done);
    await ctx.onProgress?.(done);
  }
  if (ticket.combined) await writeGradeFile(ctx, ticket);
  // The count of the finished ticket is the classes' own sum, whatever a progress write said last.
  await updateTicket(ctx.db, ticket.id, { state: 'done', finished_at: new Date(), done_students: done });
  return { classes: todo.length, students: done };
}

/** What a failed ticket records: our message (key and parameters), never a library's English text (translated where shown). */
export function failureMessage(error: Error): KeyedMessage {
  return error instanceof AppError ? keyedMessage(error.key, error.params) : keyedMessage('print.failure.unknown');
}

/**
 * After the last attempt: the ticket and its unfinished steps say why, stored as the one error
 * model's `{"key","params"}` (src/shared/keyed-message.ts), as a scan batch's error is.
 */
export async function recordTicketFailed(db: Db, ticketId: number, reason: KeyedMessage): Promise<void> {
  const stored = encodeMessage(reason).slice(0, 500);
  const steps = await ticketClasses(db, ticketId);
  for (const step of steps) if (step.state !== 'done') await updateTicketClass(db, ticketId, step.class, { state: 'failed', note: stored });
  await updateTicket(db, ticketId, { state: 'failed', error: stored, finished_at: new Date() });
}
