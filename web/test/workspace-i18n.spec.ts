/// <reference types="node" />
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { MESSAGES, SCHOOL_ROLES, WORKSPACE_MESSAGES } from '@vidyalaya/shared';
import { FEATURES } from '../src/app/features';
import { allSections } from '../src/features/workspace/nav';

/**
 * Issue 13 item 8: the workspace ships in English and Hindi. A string missing from either
 * catalogue, a placeholder that differs between them, a message that does not compile, or an id
 * the code uses that no catalogue has, fails here.
 */
const FEATURE = join(__dirname, '..', 'src', 'features', 'workspace');
const load = (lang: string) => JSON.parse(readFileSync(join(FEATURE, 'i18n', `${lang}.json`), 'utf8')) as Record<string, string>;
const en = load('en');
const hi = load('hi');

/** The placeholders of an ICU message: {name}, and the argument of {count, plural, …}. */
function placeholders(message: string): string[] {
  return [...message.matchAll(/\{\s*([a-zA-Z_][\w]*)\s*[,}]/g)].map((m) => m[1]!).sort();
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sourceFiles(p) : /\.tsx?$/.test(f) ? [p] : [];
  });
}

describe('the workspace catalogues', () => {
  it('has every English message in Hindi', () => {
    expect(Object.keys(en).filter((k) => !(k in hi))).toEqual([]);
  });

  it('has no Hindi message that English lacks', () => {
    expect(Object.keys(hi).filter((k) => !(k in en))).toEqual([]);
  });

  it('has no empty message, and Hindi is not English copied', () => {
    for (const [k, v] of [...Object.entries(en), ...Object.entries(hi)]) expect([k, v.trim().length > 0]).toEqual([k, true]);
    // Names (Vidyalaya) and numbers aside, a translated catalogue differs from the English one.
    const same = Object.keys(en).filter((k) => en[k] === hi[k]);
    expect(same).toEqual([]);
  });

  it.each(Object.keys(en))('%s: same placeholders in both languages, and both compile', (key) => {
    expect(placeholders(hi[key] ?? '')).toEqual(placeholders(en[key]!));
    expect(() => compileMessage(en[key]!)).not.toThrow();
    expect(() => compileMessage(hi[key] ?? '')).not.toThrow();
  });

  it('has every literal id the workspace code uses', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(FEATURE)) {
      const code = readFileSync(file, 'utf8');
      for (const m of code.matchAll(/\bt\(\s*'([a-zA-Z][\w.]*)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((id) => !(id in en))).toEqual([]);
  });

  it('has the ids the code builds: every section, its empty state, every role', () => {
    const built = [
      ...allSections(FEATURES.flatMap((f) => f.nav ?? [])).map((i) => `nav.${i.key}`),
      ...allSections(FEATURES.flatMap((f) => f.nav ?? [])).filter((i) => i.comingSoon).flatMap((i) => [`empty.${i.key}`, `empty.${i.key}.next`]),
      ...SCHOOL_ROLES.map((r) => `role.${r}`),
      ...['pending', 'rejected', 'inactive'].flatMap((s) => [`approval.${s}.title`, `approval.${s}.text`]),
      ...['free_trial', 'basic', 'standard', 'premium'].map((p) => `plan.${p}`),
    ];
    expect(built.filter((id) => !(id in en))).toEqual([]);
  });

  it('translates the validation messages of the forms it shows', () => {
    const keys = ['nameRequired', 'nameTooLong', 'roleInvalid', 'tokenInvalid', 'languageInvalid', 'usernameMin', 'usernameMax', 'emailInvalid', 'emailTooLong', 'passwordMin', 'passwordMax', 'passwordRequired'];
    expect(keys.filter((k) => !(`validation.${k}` in en))).toEqual([]);
    // The keys are the shared messages' own names.
    for (const k of keys) expect(k in WORKSPACE_MESSAGES || k in MESSAGES.validation).toBe(true);
  });
});
