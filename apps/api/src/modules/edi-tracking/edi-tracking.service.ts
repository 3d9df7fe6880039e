import {
  holdsServicePermission,
  type TGetEdiConsignmentResponse,
  type TGetEdiDocumentResponse,
  type TGetEdiMessageResponse,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { forbidden } from '../../lib/errors.ts';
import { findHeldAccount, type ActiveAccount } from '../auth/active-account.repository.ts';
import type { Principal } from '../auth/principal.repository.ts';
import { NOT_A_PARTY } from '../tracking/tracking.service.ts';
import {
  findConsignmentOfParty,
  findDocumentOfParty,
  findMessageOfParty,
} from './edi-tracking-details.repository.ts';

/**
 * The accounts a list spans: the active one, or those named in `customerIds`, each of which the
 * caller must hold with EDI tracking (the same rule as the active account). One refusal for every
 * other id, held or not, existing or not. An account API key (no user: `principal` null) holds its
 * own account only.
 */
export async function listedAccounts(
  db: Database,
  principal: Principal | null,
  account: ActiveAccount,
  customerIds: readonly number[] | undefined,
): Promise<number[]> {
  if (!customerIds) return [account.id];
  const refused = forbidden('You are not authorized for one of these customer accounts.');
  if (!principal) {
    if (customerIds.some((id) => id !== account.id)) throw refused;
    return [account.id];
  }
  if (customerIds.some((id) => !principal.customerIds.includes(id))) throw refused;
  const held = await Promise.all(
    customerIds.map((id) => (id === account.id ? account : findHeldAccount(db, principal.userId, id))),
  );
  if (held.some((a) => !a || !holdsServicePermission('ETS', a.permissions))) throw refused;
  return [...customerIds];
}

/*
 * A detail is shown when the active account's customer number is the consignment's sender or
 * receiver (spec 6 and 8); every other id is refused alike, existing or not.
 */

export async function getConsignment(
  db: Database,
  account: ActiveAccount,
  consignmentId: string,
): Promise<TGetEdiConsignmentResponse> {
  const consignment = await findConsignmentOfParty(db, consignmentId, account.customerNumber);
  if (!consignment) throw forbidden(NOT_A_PARTY);
  return consignment;
}

export async function getDocument(
  db: Database,
  account: ActiveAccount,
  documentId: string,
  consignmentId: string,
): Promise<TGetEdiDocumentResponse> {
  const document = await findDocumentOfParty(db, documentId, consignmentId, account.customerNumber);
  if (!document) throw forbidden(NOT_A_PARTY);
  return document;
}

export async function getMessage(
  db: Database,
  account: ActiveAccount,
  messageId: string,
  consignmentId: string,
): Promise<TGetEdiMessageResponse> {
  const message = await findMessageOfParty(db, messageId, consignmentId, account.customerNumber);
  if (!message) throw forbidden(NOT_A_PARTY);
  return message;
}
