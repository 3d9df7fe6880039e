/**
 * The one rule by which e-mail addresses are compared, stored and counted (sign-in, lockout,
 * invitations, identity-provider linking): Unicode NFKC, then lower case. Applying one rule
 * everywhere matters more than the rule itself: PostgreSQL's `lower()` and JavaScript's
 * `toLowerCase()` disagree on characters such as U+0130, which once let a locked address sign in
 * under another spelling.
 */
export function normalizeEmail(email: string): string {
  return email.trim().normalize('NFKC').toLowerCase();
}
