import { hasInvalidCharacters, quotable } from '@service-hub/contracts';

const MAX_REPORTED = 10;
const MAX_PATH_LENGTH = 200;

const shown = (path: string) => (path.length > MAX_PATH_LENGTH ? `${path.slice(0, MAX_PATH_LENGTH)}…` : path);

/**
 * Dotted paths (as in field errors: "body.user.firstName") of every string in a parsed request
 * part, key or value, that holds U+0000 or an unpaired surrogate. Walks without recursion, so a
 * deeply nested body cannot exhaust the stack; keys are quoted only in a bounded, harmless form.
 */
export function findInvalidText(location: string, value: unknown): string[] {
  const found: string[] = [];
  const pending: [string, unknown][] = [[location, value]];
  const seen = new Set<object>();
  while (pending.length > 0 && found.length < MAX_REPORTED) {
    const [path, current] = pending.pop()!;
    if (typeof current === 'string') {
      if (hasInvalidCharacters(current)) found.push(shown(path));
    } else if (typeof current === 'object' && current !== null && !ArrayBuffer.isView(current)) {
      if (seen.has(current)) continue;
      seen.add(current);
      for (const [key, child] of Object.entries(current)) {
        if (hasInvalidCharacters(key)) found.push(shown(path));
        else pending.push([`${path}.${quotable(key, 64)}`, child]);
      }
    }
  }
  return [...new Set(found)];
}
