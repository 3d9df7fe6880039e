// The builders live in lib/routing so other features can link into support (features never import features).
export { CASE_TABS, supportLinks, type CaseTab } from '../../lib/routing/support-links';
