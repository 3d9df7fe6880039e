import type { z } from 'zod';
import {
  holdsServicePermission,
  SAVED_VIEW_LIST_SERVICE,
  ZListEdiConsignmentsRequest,
  ZListEdiDocumentsRequest,
  ZListEdiMessagesRequest,
  ZListTrackingDocumentsRequest,
  ZListTrackingFilesRequest,
  type SavedViewList,
  type TCreateSavedViewRequest,
  type TSavedView,
  type TUpdateSavedViewRequest,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { ActiveAccount } from '../auth/active-account.repository.ts';
import { deleteView, findView, insertView, listViews, updateView } from './saved-views.repository.ts';

/** Each list's API query schema: a saved view holds only what the list itself would accept. */
const VIEW_QUERY_SCHEMAS: Record<SavedViewList, z.ZodType> = {
  'tracking.files': ZListTrackingFilesRequest,
  'tracking.documents': ZListTrackingDocumentsRequest,
  'ediTracking.consignments': ZListEdiConsignmentsRequest,
  'ediTracking.messages': ZListEdiMessagesRequest,
  'ediTracking.documents': ZListEdiDocumentsRequest,
};
/** Where one is and which account: never part of a view. */
const NOT_IN_VIEWS = new Set(['activeAccountId', 'page', 'cursor']);

/** The account must be allowed to open the list (track and trace needs STT with READ_ALL). */
function requireList(account: ActiveAccount, list: SavedViewList) {
  if (!holdsServicePermission(SAVED_VIEW_LIST_SERVICE[list], account.permissions)) throw forbidden();
}

function checkQuery(list: SavedViewList, query: string) {
  const params = new URLSearchParams(query);
  const values = Object.fromEntries(params);
  const valid =
    params.size === Object.keys(values).length &&
    ![...params.keys()].some((key) => NOT_IN_VIEWS.has(key)) &&
    VIEW_QUERY_SCHEMAS[list].safeParse(values).success;
  if (!valid) {
    throw badRequest('Invalid request: body.query.', [
      { field: 'body.query', code: 'invalidValue', message: 'This is not a view of the list.' },
    ]);
  }
}

const nameTaken = () =>
  conflict('You already have a view with this name.', [
    { field: 'body.name', code: 'invalidValue', message: 'You already have a view with this name.' },
  ]);

export async function getViews(db: Database, userId: string, account: ActiveAccount, list: SavedViewList) {
  requireList(account, list);
  return listViews(db, userId, account.id, list);
}

export async function createView(
  db: Database,
  userId: string,
  account: ActiveAccount,
  request: TCreateSavedViewRequest,
): Promise<TSavedView> {
  requireList(account, request.list);
  checkQuery(request.list, request.query);
  const id = await insertView(db, { userId, customerId: account.id, ...request });
  if (!id) throw nameTaken();
  return (await findView(db, id, account.id, userId))!;
}

/** Only the owner changes or deletes a view; a colleague's shared view is read-only (404). */
export async function changeView(
  db: Database,
  userId: string,
  account: ActiveAccount,
  id: string,
  request: TUpdateSavedViewRequest,
): Promise<TSavedView> {
  const view = await findView(db, id, account.id, userId);
  if (!view?.isOwn) throw notFound();
  requireList(account, view.list);
  checkQuery(view.list, request.query);
  const result = await updateView(db, { id, userId, customerId: account.id, ...request });
  if (result === 'taken') throw nameTaken();
  if (result === 'missing') throw notFound();
  return (await findView(db, id, account.id, userId))!;
}

export async function removeView(db: Database, userId: string, account: ActiveAccount, id: string) {
  if (!(await deleteView(db, id, userId, account.id))) throw notFound();
}
