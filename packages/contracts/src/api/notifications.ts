import { z } from 'zod';

/** What a notification tells the user about; the web app words each type in the user's language. */
export const NOTIFICATION_TYPES = [
  'caseReply',
  'reportReady',
  'importFinished',
  'caseCreated',
  'caseStatusChanged',
  'deploymentRequestStatus',
  'alertRaised',
  'alertResolved',
  'accessRequestReceived',
  'accessRequestApproved',
  'accessRequestDeclined',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const ZNotification = z
  .object({
    id: z.number().int(),
    type: z.enum(NOTIFICATION_TYPES),
    payload: z.record(z.string(), z.union([z.string(), z.number()])),
    created: z.string().describe('ISO 8601 time'),
    isNew: z.boolean(),
  })
  .meta({ id: 'Notification' });
export type TNotification = z.infer<typeof ZNotification>;

export const ZListNotificationsResponse = z.object({
  notifications: z.array(ZNotification),
  newCount: z.number().int(),
});
export type TListNotificationsResponse = z.infer<typeof ZListNotificationsResponse>;
