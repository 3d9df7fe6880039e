/** Loads the title-only screen for routes whose feature is not built yet (see PlannedPage). */
export const planned = () => import('./planned-page');
