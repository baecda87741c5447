import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(__dirname, '..', '..', '..', 'web', 'src', 'features', 'workspace', 'i18n');
type Catalogue = Record<string, string>;
export const EN = JSON.parse(readFileSync(join(dir, 'en.json'), 'utf8')) as Catalogue;
export const HI = JSON.parse(readFileSync(join(dir, 'hi.json'), 'utf8')) as Catalogue;

/** A catalogue message with simple {placeholders} filled in (what the page shows). */
export function msg(cat: Catalogue, id: string, values: Record<string, string | number> = {}): string {
  const text = cat[id];
  if (text === undefined) throw new Error(`No message ${id}`);
  return text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? `{${k}}`));
}
