import { sectionLinks } from './links';

/** The account's SCIM provisioning page (features/scim), beside its users in the account settings. */
export const scimLinks = {
  provisioning: () => `${sectionLinks.accountSettings()}/provisioning`,
};
