import { sectionLinks } from '../../lib/routing/links';

/** The address of the reports page (order, follow, download and schedule reports): the section's own. */
export const reportsLinks = {
  reports: sectionLinks.reports,
};
