/** `%`, `_` and `\` match themselves in a LIKE pattern built from `text` (with `ESCAPE '\'`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
