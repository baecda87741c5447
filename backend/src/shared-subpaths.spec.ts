import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as shared from '@vidyalaya/shared';
import { AUTH_ERRORS, registerSchema } from '@vidyalaya/shared/auth';
import { createClassesSchema } from '@vidyalaya/shared/academics';
import { SCHOOL_ERRORS } from '@vidyalaya/shared/schools';

const SHARED = join(__dirname, '../../shared');
const exportsOf = (JSON.parse(readFileSync(join(SHARED, 'package.json'), 'utf8')) as { exports: Record<string, unknown> }).exports;
/**
 * The folders of shared/src with an index.ts: each domain's wire contract. modules/ is the one
 * exception: the list of the modules' contracts (errors, permissions), read through the main entry.
 */
const NOT_A_SUBPATH = ['modules'];
const domains = readdirSync(join(SHARED, 'src'), { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(join(SHARED, 'src', e.name, 'index.ts')) && !NOT_A_SUBPATH.includes(e.name))
  .map((e) => e.name)
  .sort();

/** The back end's jest mapping (and tsconfig paths) resolve shared's domain subpaths to the same objects as the main entry. */
describe('@vidyalaya/shared subpaths', () => {
  it('answer the objects the main entry exports, and the domain codes are in ERROR_CODES', () => {
    expect(registerSchema).toBe(shared.registerSchema);
    expect(createClassesSchema).toBe(shared.createClassesSchema);
    for (const code of [...Object.keys(AUTH_ERRORS), ...Object.keys(SCHOOL_ERRORS)]) expect(shared.ERROR_CODES).toHaveProperty(code);
  });

  it('are every domain folder of shared/src, each published as ./auth is (its built index), and nothing else', () => {
    expect(domains).toEqual(expect.arrayContaining(['auth', 'fees', 'exams', 'people', 'students', 'timetable']));
    for (const d of domains) expect({ [d]: exportsOf[`./${d}`] }).toEqual({ [d]: { types: `./dist/${d}/index.d.ts`, default: `./dist/${d}/index.js` } });
    expect(Object.keys(exportsOf).sort()).toEqual(['.', ...domains.map((d) => `./${d}`)].sort());
  });

  it.each(domains)('@vidyalaya/shared/%s answers the same objects as the main entry', (d) => {
    const sub = require(`@vidyalaya/shared/${d}`) as Record<string, unknown>;
    const root = shared as Record<string, unknown>;
    expect(Object.keys(sub).length).toBeGreaterThan(0);
    expect(Object.keys(sub).filter((name) => sub[name] !== root[name])).toEqual([]);
  });
});
