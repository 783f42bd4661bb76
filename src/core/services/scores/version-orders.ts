import type { ScannedKey, TSaveVersionInput, VersionView } from '../../../shared/schemas/scores';
import { checkVersionOrder, type VersionEntry } from '../../../shared/scoring/versions';
import type { Actor } from '../../auth/actor';
import type { DocumentRow } from '../../../data/db/tables/documents.table';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { replaceVersionRows, scannedVersions, versionRows } from '../../../data/repos/scores.repo';
import { readableCard } from '../scan/scan-access';
import { cardQuestions } from './card-questions';

// The question orders of a card's exam versions (A/B 卷, docs/scores.md "Versions"): A is the
// master (the key's own order); each other version says where its questions sit in the master.

/** Every version's saved order, by version. */
export async function loadVersionOrders(deps: Deps, clientId: number, documentId: number): Promise<Map<string, VersionEntry[]>> {
  const orders = new Map<string, VersionEntry[]>();
  for (const row of await versionRows(deps.db, clientId, documentId)) {
    const list = orders.get(row.version) ?? [];
    list.push({ q: row.q, master: row.master_q, options: row.options ? (JSON.parse(row.options) as string[]) : null });
    orders.set(row.version, list);
  }
  return orders;
}

/** The key tab's versions: those given an order or seen on scanned sheets, A (the master) aside. */
/** …and those with a scanned key sheet (`keySheets`, by version), each with its newest sheet. */
export async function versionViews(deps: Deps, clientId: number, doc: Pick<DocumentRow, 'id'>, keySheets: ReadonlyMap<string, ScannedKey> = new Map()): Promise<VersionView[]> {
  const [orders, scanned] = await Promise.all([loadVersionOrders(deps, clientId, doc.id), scannedVersions(deps.db, clientId, doc.id)]);
  const students = new Map(scanned.map((r) => [r.version!, Number(r.students)]));
  const versions = [...new Set([...orders.keys(), ...students.keys(), ...keySheets.keys()])].filter((v) => v !== 'A').sort();
  return versions.map((version) => ({ version, questions: orders.get(version) ?? null, students: students.get(version) ?? 0, scanned_key: keySheets.get(version) ?? null }));
}

/**
 * scores.saveVersion (legacy `save answerKey` with `version`): a version's whole order, checked
 * against the card's questions — every scorable question once, each to a master question of the
 * same kind — replacing what it had. One problem refuses it all, naming the question.
 */
export async function saveVersionOrder(deps: Deps, actor: Actor, input: TSaveVersionInput, fieldOf: (index: number) => string = (i) => `questions.${i}`) {
  const doc = await readableCard(deps.db, actor, input.guid);
  const questions = await cardQuestions(deps, doc);
  const check = checkVersionOrder(input.version, questions, input.questions);
  if (!check.ok) throw new AppError('BAD_REQUEST', check.error.key, check.error.params, { [fieldOf(check.error.index)]: check.error.key });
  await replaceVersionRows(deps.db, { client_id: actor.clientId, document_id: doc.id, user_id: actor.userId, username: actor.name }, input.version, check.value);
  return { message: 'scores.versionSaved' as const, params: { version: input.version, count: check.value.length } };
}
