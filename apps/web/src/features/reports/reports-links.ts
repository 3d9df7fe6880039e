/** The address of the reports page (order, follow, download and schedule reports). */
export const reportsLinks = {
  reports: () => '/reports',
};
