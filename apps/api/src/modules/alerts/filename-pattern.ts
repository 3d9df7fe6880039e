/**
 * A file name pattern of an expected delivery (`INV_*.xml`: `*` any characters, `?` exactly one)
 * as a LIKE pattern with `\` as the escape character, to be compared with ILIKE against the whole
 * name. The name's own `%`, `_` and `\` are escaped first, so `INV_*` matches `INV_1` but not `INVX1`.
 */
export function toLikePattern(glob: string): string {
  let like = '';
  for (const character of glob) {
    if (character === '*') like += '%';
    else if (character === '?') like += '_';
    else if (character === '%' || character === '_' || character === '\\') like += `\\${character}`;
    else like += character;
  }
  return like;
}
