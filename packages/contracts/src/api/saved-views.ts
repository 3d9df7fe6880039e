import { z } from 'zod';
import { SAVED_VIEW_LISTS } from '../vocabularies.ts';
import { text } from './fields.ts';

/** A list's view saved under a name: its filters, sort and page size as a query string. */
export const ZSavedView = z
  .object({
    id: z.string().uuid(),
    list: z.enum(SAVED_VIEW_LISTS),
    name: z.string(),
    query: z.string(),
    shared: z.boolean(),
    isOwn: z.boolean().describe('false: a colleague shared it (read-only)'),
    ownerName: z.string(),
    modified: z.string(),
  })
  .meta({ id: 'SavedView' });
export type TSavedView = z.infer<typeof ZSavedView>;

export const ZListSavedViewsResponse = z.array(ZSavedView);
export type TListSavedViewsResponse = z.infer<typeof ZListSavedViewsResponse>;

export const MAX_VIEW_QUERY_LENGTH = 2000;

export const ZListSavedViewsRequest = z.object({ list: z.enum(SAVED_VIEW_LISTS) });
export type TListSavedViewsRequest = z.infer<typeof ZListSavedViewsRequest>;

const viewFields = {
  name: text().trim().min(1).max(80),
  query: text().max(MAX_VIEW_QUERY_LENGTH).describe("The list's URL query (filters, sort, page size)"),
  shared: z.boolean().default(false).describe('Seen by every colleague of the account who may open the list'),
};

export const ZCreateSavedViewRequest = z.object({ list: z.enum(SAVED_VIEW_LISTS), ...viewFields }).strict();
export type TCreateSavedViewRequest = z.infer<typeof ZCreateSavedViewRequest>;

export const ZUpdateSavedViewRequest = z.object(viewFields).strict();
export type TUpdateSavedViewRequest = z.infer<typeof ZUpdateSavedViewRequest>;

/** The columns a user shows in a list, the same on every device. */
export const ZListColumns = z
  .object({
    columns: z
      .array(text().regex(/^[A-Za-z]{1,40}$/))
      .max(40)
      .nullable()
      .describe('Column names in order; null: the list’s defaults'),
  })
  .meta({ id: 'ListColumns' });
export type TListColumns = z.infer<typeof ZListColumns>;

export const ZSaveListColumnsRequest = z.object({ columns: ZListColumns.shape.columns.unwrap() }).strict();
export type TSaveListColumnsRequest = z.input<typeof ZSaveListColumnsRequest>;

/* The other endpoints' pairs: an entity above, or a list of one, under the operation's name. */
export const ZCreateSavedViewResponse = ZSavedView;
export type TCreateSavedViewResponse = z.infer<typeof ZCreateSavedViewResponse>;
export const ZUpdateSavedViewResponse = ZSavedView;
export type TUpdateSavedViewResponse = z.infer<typeof ZUpdateSavedViewResponse>;
export const ZGetListColumnsResponse = ZListColumns;
export type TGetListColumnsResponse = z.infer<typeof ZGetListColumnsResponse>;
export const ZSaveListColumnsResponse = ZListColumns;
export type TSaveListColumnsResponse = z.infer<typeof ZSaveListColumnsResponse>;
