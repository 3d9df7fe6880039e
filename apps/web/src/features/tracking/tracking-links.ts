// The builders live in lib/routing so other features can link into tracking (features never import features).
export { trackingLinks, type DocumentTab, type FileTab } from '../../lib/routing/tracking-links';
