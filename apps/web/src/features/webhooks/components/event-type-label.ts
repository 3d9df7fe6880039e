import type { WebhookDeliveryEventType } from '@service-hub/contracts';

/** The catalog key of an event type (`file.arrived` → `webhooks.eventTypes.file_arrived`): keys hold no dots. */
export const eventTypeKey = (type: WebhookDeliveryEventType) =>
  `webhooks.eventTypes.${type.replaceAll('.', '_')}`;
