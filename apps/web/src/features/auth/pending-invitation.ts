/** Where an invitation link's token waits (this tab only) while its invitee signs in. */
export const PENDING_INVITATION_KEY = 'pendingInvitation';
