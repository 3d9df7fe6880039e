/** A search text for LIKE / ILIKE: its own %, _ and \ match only themselves. Null when empty. */
export function like(text: string | undefined | null): string | null {
  return text ? text.replace(/[\\%_]/g, (c) => `\\${c}`) : null;
}
