/** A `datetime-local` value (the user's own time zone) as ISO 8601, or undefined when empty or invalid. */
export function instantOf(local: string): string | undefined {
  if (!local) return undefined;
  const time = new Date(local);
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString();
}

/** An ISO time as a `datetime-local` value in the user's own time zone. */
export function localOf(iso: string | undefined): string {
  if (!iso) return '';
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}T${pad(time.getHours())}:${pad(time.getMinutes())}`;
}
