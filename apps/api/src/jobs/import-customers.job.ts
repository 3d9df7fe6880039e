import { z } from 'zod';
import { runImport } from '../modules/crm/bulk-import.service.ts';
import { defineJob } from './job-definition.ts';

/** Imports the accounts of a bulk creation from the CRM (more than a few: see BULK_INLINE_LIMIT). */
export const importCustomersJob = defineJob({
  name: 'import-customers.v1',
  payload: z.object({ importId: z.string().uuid() }),
  handle: async ({ db, crm }, { importId }) => runImport(db, crm, importId, { notify: true }),
});
