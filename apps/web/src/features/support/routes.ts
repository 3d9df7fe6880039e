import type { RouteDefinition } from '../../lib/routing/route-definition';
import { NEW_CASE_HANDLE, supportLinks } from './support-links';
import { sectionLinks } from '../../lib/routing/links';

/** The new-case form: development only (spec 2), so the pages linking to it offer it only where it opens. */
export { NEW_CASE_HANDLE };

export const supportRoutes: RouteDefinition[] = [
  {
    id: 'support',
    path: sectionLinks.support(),
    handle: { title: ['titles.support'] },
    children: [
      { id: 'support.index', index: true, redirectTo: 'cases' },
      {
        id: 'support.contact',
        path: 'contact',
        handle: { title: ['titles.contact'], topLevel: true },
        page: () => import('./pages/contact-page'),
      },
      {
        id: 'support.cases',
        path: 'cases',
        handle: { title: ['titles.cases'], requires: ['SUP'], activeAccount: true, topLevel: true },
        page: () => import('./pages/cases-page'),
      },
      {
        id: 'support.newCase',
        path: 'cases/new',
        handle: NEW_CASE_HANDLE,
        page: () => import('./pages/new-case-page'),
      },
      {
        id: 'support.case',
        path: 'cases/:id',
        handle: {
          title: ['titles.cases', 'titles.case'],
          requires: ['SUP'],
          activeAccount: true,
          // Switching accounts goes to the case list (the section's top page for a case, issue 9);
          // an account without support is sent on from there to the contact page.
          fallback: supportLinks.cases(),
        },
        page: () => import('./pages/case-layout'),
        children: [
          { id: 'support.case.index', index: true, redirectTo: 'activity' },
          {
            id: 'support.case.activity',
            path: 'activity',
            handle: { title: ['support.tabs.activity'] },
            page: () => import('./pages/case-activity-tab'),
          },
          {
            id: 'support.case.details',
            path: 'details',
            handle: { title: ['support.tabs.details'] },
            page: () => import('./pages/case-details-tab'),
          },
          {
            id: 'support.case.information',
            path: 'information',
            handle: { title: ['support.tabs.information'] },
            page: () => import('./pages/case-information-tab'),
          },
        ],
      },
    ],
  },
];
