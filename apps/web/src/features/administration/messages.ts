import { GUID_MESSAGE } from '@service-hub/contracts';

/** Texts the contract's schemas set themselves, and codes whose wording is this feature's. */
export const ADMIN_MESSAGES = {
  invalidGuid: 'administration.validation.invalidGuid',
  [GUID_MESSAGE]: 'administration.validation.invalidGuid',
  'Use 2 to 16 capital letters or digits, starting with a letter.': 'administration.service.shortNameHelp',
  'Use capital letters, digits and _, e.g. READ_ALL.': 'administration.permission.roleHelp',
} as const;
