/**
 * The unique constraint a PostgreSQL error broke, if it is a unique violation (23505). Uniqueness
 * is left to constraints, not checked before writing, so two simultaneous creates cannot both win.
 */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  const pgError = error as { code?: string; constraint?: string } | undefined;
  return pgError?.code === '23505' ? pgError.constraint : undefined;
}
