import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { CrmConnector } from './crm-connector.ts';
import { DirectoryCrmConnector } from './directory-crm.ts';
import { HttpCrmConnector } from './http-crm.ts';

/** The CRM over HTTP when CRM_URL is set, otherwise the built-in CRM directory. */
export const createCrmConnector = (config: AppConfig, db: Database): CrmConnector =>
  config.crm ? new HttpCrmConnector(config.crm) : new DirectoryCrmConnector(db);
