// The builders live in lib/routing so other features can link into reports (features never import features).
export { reportsLinks } from '../../lib/routing/reports-links';
