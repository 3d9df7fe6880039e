import type { ApiKeyScope } from '@service-hub/contracts';

/** The translation key of what a scope lets a key read. */
export const scopeLabelKey = (scope: ApiKeyScope) =>
  scope === 'tracking:read' ? 'developer.scopes.tracking' : 'developer.scopes.ediTracking';
