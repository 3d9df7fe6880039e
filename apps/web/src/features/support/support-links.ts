// The builders live in lib/routing so other features can link into support (features never import features).
export {
  ABOUT_PARAM,
  CASE_TABS,
  NEW_CASE_HANDLE,
  supportLinks,
  type CaseTab,
  type NewCaseAbout,
} from '../../lib/routing/support-links';
