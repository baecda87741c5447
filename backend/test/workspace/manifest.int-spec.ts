import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MODULE_CONTRACTS } from '@vidyalaya/shared';
import { FILE_ROUTES, MODULE_JOBS, MODULES, ROW_SCOPED_403 } from '../../src/app.manifest';
import { ACCESS_KINDS } from '../../src/common/workspace/access-kinds';
import { MIGRATIONS } from '../../src/database/migrations';
import { JobRegistry } from '../../src/modules/jobs';
import { appRoutes } from '../support/app-routes';
import { startTestApp, type TestApp } from '../support/app';

const SRC = join(__dirname, '../../src');

/**
 * The one list (src/app.manifest.ts): every module folder has a manifest in it, and what the
 * manifests declare is what the running app does — its jobs, its migrations, its routes.
 */
describe('module manifests: one list, and the app is what it says', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('every folder under modules/ is listed once, under its folder name', () => {
    const folders = readdirSync(join(SRC, 'modules'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    const names = MODULES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(folders);
  });

  it('every shared module contract is named by exactly the manifest of the same module', () => {
    const named = MODULES.flatMap((m) => ('contract' in m && m.contract ? [m.contract] : []));
    expect(named.map((c) => c.name).sort()).toEqual(MODULE_CONTRACTS.map((c) => c.name).sort());
    for (const m of MODULES) if ('contract' in m && m.contract) expect({ module: m.name, contract: m.contract.name }).toEqual({ module: m.name, contract: m.name });
  });

  it('the jobs the running app registered are exactly the manifests’ jobs', () => {
    expect(t.app.get(JobRegistry).names().sort()).toEqual([...MODULE_JOBS].sort());
  });

  it('every migration file is in the migration list, once', () => {
    const files = readdirSync(join(SRC, 'database/migrations')).filter((f) => /^\d+-.+\.ts$/.test(f));
    expect(new Set(MIGRATIONS).size).toBe(MIGRATIONS.length);
    expect(MIGRATIONS.length).toBe(files.length);
    const timestamps = MIGRATIONS.map((m) => Number(/(\d{13})$/.exec(m.name)?.[1])).sort();
    expect(timestamps).toEqual(files.map((f) => Number(f.slice(0, 13))).sort());
  });

  it('the manifests’ access kinds are registered', () => {
    for (const m of MODULES) for (const [kind, spec] of Object.entries(('accessKinds' in m && m.accessKinds) || {})) expect(ACCESS_KINDS[kind as keyof typeof ACCESS_KINDS]).toBe(spec);
  });

  it('the test route tables name routes that exist', () => {
    const routes = appRoutes(t);
    const names = new Set(routes.map((r) => `${r.method} ${r.path.replace(/^\/api\/v1/, '')}`));
    expect(FILE_ROUTES.filter((r) => !names.has(r))).toEqual([]);
    const full = new Set(routes.map((r) => `${r.method} ${r.path}`));
    expect(ROW_SCOPED_403.filter((r) => !full.has(r.replace(/^\w+ /, '')))).toEqual([]);
  });
});
