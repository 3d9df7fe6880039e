import type { TTrackingDocument, TTrackingFile } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { forbidden } from '../../lib/errors.ts';
import type { ActiveAccount } from '../auth/active-account.repository.ts';
import { findDocumentOfParty, findFileOfParty } from './tracking.repository.ts';

/** Spec 6 and 8: the detail endpoints' refusal, word for word. */
export const NOT_A_PARTY =
  'Unauthorized, if ActiveAccounts CustomerNumber not the Sender or Receiver of Entity';

/*
 * A file or document is shown when the active account sent it or receives it. Every other id is
 * refused the same way, existing or not: ids count upwards, and a different answer for ids that
 * exist would tell other customers' volumes.
 */

export async function getFile(db: Database, account: ActiveAccount, fileId: number): Promise<TTrackingFile> {
  const file = await findFileOfParty(db, fileId, account.id);
  if (!file) throw forbidden(NOT_A_PARTY);
  return file;
}

export async function getDocument(
  db: Database,
  account: ActiveAccount,
  documentId: number,
): Promise<TTrackingDocument> {
  const document = await findDocumentOfParty(db, documentId, account.id);
  if (!document) throw forbidden(NOT_A_PARTY);
  return document;
}
