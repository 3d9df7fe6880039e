// The builders live in lib/routing so other features can link into EDI tracking (features never import features).
export { ediTrackingLinks, type EdiList } from '../../lib/routing/edi-tracking-links';
