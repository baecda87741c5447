#!/usr/bin/env node
// npm run new:module NAME [-- --title "Library" --title-hi "पुस्तकालय"] [--dry-run]
//
// Writes the skeleton of a workspace module (docs/adding-a-module.md): the back end's module,
// repository, service, controller, answers, manifest and migration; the shared contract and the
// wire schemas (a domain folder, shared/src/NAME/, published as the subpath `@vidyalaya/shared/NAME`);
// the web feature (route, page, API, English and Hindi); an integration test. Then adds the one line
// per list: src/app.manifest.ts, shared/src/modules/index.ts, web/src/app/features.ts (with the
// exports, the subpath's entry in shared/package.json, the route snapshot's two rows, the sidebar's
// label and the table-ownership snapshot that go with them).
// `--dry-run` writes nothing and prints {files, edits} as JSON (scripts/lint/new-module.spec.ts).
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The names a module goes by, from its folder name (`library-books`). */
export function namesOf(name, opts = {}) {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) throw new Error(`A module's name is lower-case words joined by hyphens (library-books), not "${name}"`);
  const words = name.split('-');
  const camel = words[0] + words.slice(1).map((w) => w[0].toUpperCase() + w.slice(1)).join('');
  const pascal = camel[0].toUpperCase() + camel.slice(1);
  const title = opts.title ?? words.map((w, i) => (i === 0 ? w[0].toUpperCase() + w.slice(1) : w)).join(' ');
  return {
    name,
    camel,
    pascal,
    snake: words.join('_'),
    upper: words.join('_').toUpperCase(),
    title,
    titleHi: opts.titleHi ?? `नया मॉड्यूल: ${title}`,
    timestamp: opts.timestamp ?? Date.now(),
  };
}

/** Every new file of the skeleton: path (from the repository's root) → text. */
export function skeleton(n) {
  const table = `${n.snake}_items`;
  const perm = `${n.camel}.manage`;
  const files = {};

  files[`shared/src/modules/${n.name}.ts`] = `import { defineContract } from './contract';

/** ${n.title}: its error codes, its permissions and the roles that hold them (admin holds every one). */
export const ${n.upper}_CONTRACT = defineContract({
  name: '${n.name}',
  errors: {},
  permissions: [
    '${perm}', // ${n.title}: add and list the school's items
  ],
  grants: {},
});
`;

  files[`shared/src/${n.name}/index.ts`] = `// The ${n.name} domain's wire contract: \`@vidyalaya/shared/${n.name}\` (also re-exported by the package's main entry).
export * from './schemas';
`;
  files[`shared/src/${n.name}/schemas.ts`] = `import { z } from 'zod';

/** ${n.title}: the wire contract (bodies and answers). */
export const create${n.pascal}ItemSchema = z.object({
  title: z.string().trim().min(1, 'Enter a title.').max(200, 'A title has at most 200 characters.'),
});
export type Create${n.pascal}ItemInput = z.infer<typeof create${n.pascal}ItemSchema>;

// The answers: one schema each, the types inferred from them (the back end's responses.ts wraps them).
export const ${n.camel}ItemSchema = z.object({ id: z.uuid(), title: z.string(), createdAt: z.iso.datetime() });
export type ${n.pascal}Item = z.output<typeof ${n.camel}ItemSchema>;
export const ${n.camel}ItemListSchema = z.object({ items: z.array(${n.camel}ItemSchema), total: z.int() });
export type ${n.pascal}ItemList = z.output<typeof ${n.camel}ItemListSchema>;
export const ${n.camel}ItemResultSchema = z.object({ item: ${n.camel}ItemSchema });
export type ${n.pascal}ItemResult = z.output<typeof ${n.camel}ItemResultSchema>;
`;

  const cls = `${n.pascal}${n.timestamp}`;
  files[`backend/src/database/migrations/${n.timestamp}-${n.name}.ts`] = `import { MigrationInterface, QueryRunner } from 'typeorm';

/** ${n.title}: the school's items. Self-contained; the school id leads the key; under the tenant's row-level security. */
export class ${cls} implements MigrationInterface {
  name = '${cls}';

  async up(q: QueryRunner): Promise<void> {
    await q.query(\`
      CREATE TABLE ${table} (
        school_id uuid NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        title varchar(200) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (school_id, id)
      )\`);
    await q.query(\`ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY\`);
    await q.query(\`
      CREATE POLICY ${table}_school ON ${table}
        USING (school_id = nullif(current_setting('app.school_id', true), '')::uuid)
        WITH CHECK (school_id = nullif(current_setting('app.school_id', true), '')::uuid)\`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(\`DROP TABLE ${table}\`);
  }
}
`;

  const dir = `backend/src/modules/${n.name}`;
  files[`${dir}/${n.name}.repository.ts`] = `import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Repository } from '../../database/repository';

export interface ${n.pascal}ItemRow {
  id: string;
  title: string;
  created_at: Date;
}

/** Every query on \`${table}\`, in the school this request or job is bound to (\`this.schoolId\`). */
@Injectable()
export class ${n.pascal}Repository extends Repository {
  constructor(db: DataSource) {
    super(db);
  }

  list(): Promise<${n.pascal}ItemRow[]> {
    return this.rows<${n.pascal}ItemRow>(\`SELECT id, title, created_at FROM ${table} WHERE school_id = $1 ORDER BY created_at, id\`, [this.schoolId]);
  }

  async insert(title: string, now: Date): Promise<${n.pascal}ItemRow> {
    const row = await this.one<${n.pascal}ItemRow>(\`INSERT INTO ${table} (school_id, title, created_at) VALUES ($1, $2, $3) RETURNING id, title, created_at\`, [this.schoolId, title, now]);
    return row!;
  }
}
`;

  files[`${dir}/${n.name}.service.ts`] = `import { Injectable } from '@nestjs/common';
import type { Create${n.pascal}ItemInput, ${n.pascal}Item, ${n.pascal}ItemList, ${n.pascal}ItemResult } from '@vidyalaya/shared/${n.name}';
import { SchoolWrites } from '../../common/workspace/school-writes';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { ${n.pascal}Repository, type ${n.pascal}ItemRow } from './${n.name}.repository';

const toItem = (r: ${n.pascal}ItemRow): ${n.pascal}Item => ({ id: r.id, title: r.title, createdAt: new Date(r.created_at).toISOString() });

/** ${n.title}: the rules. Writes only inside SchoolWrites, each audited. */
@Injectable()
export class ${n.pascal}Service {
  constructor(
    private readonly repo: ${n.pascal}Repository,
    private readonly writes: SchoolWrites,
  ) {}

  async list(): Promise<${n.pascal}ItemList> {
    const items = (await this.repo.list()).map(toItem);
    return { items, total: items.length };
  }

  create(ctx: WorkspaceContext, input: Create${n.pascal}ItemInput): Promise<${n.pascal}ItemResult> {
    return this.writes.run(ctx, async (tx) => {
      const item = toItem(await this.repo.in(tx.m).insert(input.title, tx.now));
      await tx.audit({ action: '${n.snake}_item.created', entity: '${n.snake}_item', entityId: item.id, after: item });
      return { item };
    });
  }
}
`;

  files[`${dir}/${n.name}.responses.ts`] = `import { ${n.camel}ItemListSchema, ${n.camel}ItemResultSchema } from '@vidyalaya/shared/${n.name}';
import { createZodDto } from 'nestjs-zod';
import { successEnvelope } from '../../common/openapi';

/** The answers of the ${n.title} calls, for the OpenAPI document (common/openapi.ts): the shared schemas in the envelope. */
export class ${n.pascal}ItemListResponse extends createZodDto(successEnvelope(${n.camel}ItemListSchema)) {}
export class ${n.pascal}ItemResponse extends createZodDto(successEnvelope(${n.camel}ItemResultSchema)) {}
`;

  files[`${dir}/${n.name}.controller.ts`] = `import { Body, Controller, Get, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { create${n.pascal}ItemSchema, type ${n.pascal}ItemList, type ${n.pascal}ItemResult } from '@vidyalaya/shared/${n.name}';
import { createZodDto } from 'nestjs-zod';
import { ApiData } from '../../common/openapi';
import { RequirePermission, SchoolScoped, Workspace } from '../../common/workspace/workspace.decorators';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { ${n.pascal}ItemListResponse, ${n.pascal}ItemResponse } from './${n.name}.responses';
import { ${n.pascal}Service } from './${n.name}.service';

class Create${n.pascal}ItemDto extends createZodDto(create${n.pascal}ItemSchema) {}

@ApiTags('Workspace: ${n.title}')
@SchoolScoped()
@Controller('schools/:schoolId/${n.name}')
export class ${n.pascal}Controller {
  constructor(private readonly service: ${n.pascal}Service) {}

  @Get()
  @RequirePermission('${perm}')
  @ApiOperation({ summary: '${n.title}: the school’s items, oldest first' })
  @ApiData(${n.pascal}ItemListResponse)
  list(): Promise<${n.pascal}ItemList> {
    return this.service.list();
  }

  @Post()
  @RequirePermission('${perm}')
  @ApiOperation({ summary: '${n.title}: add an item {title}' })
  @ApiData(${n.pascal}ItemResponse, 201)
  create(@Workspace() ctx: WorkspaceContext, @Body() dto: Create${n.pascal}ItemDto): Promise<${n.pascal}ItemResult> {
    return this.service.create(ctx, dto);
  }
}
`;

  files[`${dir}/${n.name}.module.ts`] = `import { Module } from '@nestjs/common';
import { ${n.pascal}Controller } from './${n.name}.controller';
import { ${n.pascal}Repository } from './${n.name}.repository';
import { ${n.pascal}Service } from './${n.name}.service';

/** ${n.title}. */
@Module({ controllers: [${n.pascal}Controller], providers: [${n.pascal}Repository, ${n.pascal}Service], exports: [${n.pascal}Service] })
export class ${n.pascal}Module {}
`;

  files[`${dir}/${n.name}.manifest.ts`] = `import { ${n.upper}_CONTRACT } from '@vidyalaya/shared';
import { defineModule } from '../../common/module-manifest';
import { ${cls} } from '../../database/migrations/${n.timestamp}-${n.name}';
import { ${n.pascal}Module } from './${n.name}.module';

/** The ${n.name} module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const ${n.camel}Manifest = defineModule({
  name: '${n.name}',
  module: ${n.pascal}Module,
  migrations: [${cls}],
  contract: ${n.upper}_CONTRACT,
});
`;

  files[`backend/test/${n.name}/${n.name}.int-spec.ts`] = `import { createSchoolWithMembers, startTestApp, type SchoolWithMembers, type TestApp } from '../support/app';

/** ${n.title}: an admin adds and lists items; bad input writes nothing; other roles are refused; each write is audited. */
describe('${n.name}', () => {
  let t: TestApp;
  let s: SchoolWithMembers;
  const url = () => \`/schools/\${s.schoolId}/${n.name}\`;
  beforeAll(async () => {
    t = await startTestApp();
    s = await createSchoolWithMembers(t);
  });
  afterAll(() => t.close());

  it('an admin adds an item and finds it in the list, with its audit entry', async () => {
    const created = await t.call('POST', url(), { token: s.members.admin.token, body: { title: '  First item ' } });
    expect(created.status).toBe(201);
    expect(created.body.data.item).toMatchObject({ title: 'First item' });
    const list = await t.call('GET', url(), { token: s.members.admin.token });
    expect(list.body.data.items.map((i: { title: string }) => i.title)).toEqual(['First item']);
    const audit = await t.db.query(\`SELECT action FROM audit_log WHERE school_id = $1 AND entity_id = $2\`, [s.schoolId, created.body.data.item.id]);
    expect(audit.map((a: { action: string }) => a.action)).toEqual(['${n.snake}_item.created']);
  });

  it('refuses an empty title with a clear message and writes nothing', async () => {
    const res = await t.call('POST', url(), { token: s.members.admin.token, body: { title: ' ' } });
    expect(res.status).toBe(400);
    expect(res.body.error.details.title).toBe('Enter a title.');
    const [{ count }] = await t.db.query(\`SELECT count(*)::int AS count FROM ${table} WHERE school_id = $1\`, [s.schoolId]);
    expect(count).toBe(1);
  });

  it('is the admin’s alone: the other roles get 403', async () => {
    for (const role of ['office', 'accountant', 'teacher', 'guardian'] as const) {
      const res = await t.call('GET', url(), { token: s.members[role].token });
      expect({ role, status: res.status }).toEqual({ role, status: 403 });
    }
  });
});
`;

  const web = `web/src/features/${n.name}`;
  files[`${web}/feature.ts`] = `import { defineFeature } from '../../lib/workspace/feature';
import { ${n.camel}Routes } from './routes';

/** ${n.title}: its page and its sidebar entry (listed once in app/features.ts). */
export const ${n.camel}Feature = defineFeature({
  name: '${n.name}',
  routes: ${n.camel}Routes,
  nav: [{ key: '${n.camel}', path: '${n.name}', icon: 'folder-close', permission: '${perm}', audience: 'staff', comingSoon: false }],
});
`;
  files[`${web}/routes.tsx`] = `import type { RouteObject } from 'react-router';

/** ${n.title}'s pages under /workspace/{schoolId}/ (lazy). */
export const ${n.camel}Routes: RouteObject[] = [{ path: '${n.name}', lazy: () => import('./pages/${n.name}-page') }];
`;
  files[`${web}/api/${n.name}-api.ts`] = `import type { ${n.pascal}ItemList, ${n.pascal}ItemResult } from '@vidyalaya/shared/${n.name}';
import { api } from '../../../lib/api/api';

const base = (schoolId: string) => \`/schools/\${encodeURIComponent(schoolId)}/${n.name}\`;

/** The ${n.title} calls. */
export const ${n.camel}Api = api.enhanceEndpoints({ addTagTypes: ['${n.pascal}'] }).injectEndpoints({
  endpoints: (b) => ({
    ${n.camel}Items: b.query<${n.pascal}ItemList, string>({ query: (schoolId) => ({ url: base(schoolId) }), providesTags: ['${n.pascal}'] }),
    add${n.pascal}Item: b.mutation<${n.pascal}ItemResult, { schoolId: string; title: string }>({
      query: ({ schoolId, title }) => ({ url: base(schoolId), method: 'POST', body: { title } }),
      invalidatesTags: ['${n.pascal}'],
    }),
  }),
});

export const { use${n.pascal}ItemsQuery, useAdd${n.pascal}ItemMutation } = ${n.camel}Api;
`;
  files[`${web}/i18n/index.ts`] = `import { featureI18n, type FeatureTranslate, type MessageValues } from '../../../lib/i18n/feature';
import en from './en.json';

/** A message id of the ${n.title} catalogues (en.json is the reference; hi.json has the same ids). */
export type MessageId = keyof typeof en;
export type Values = MessageValues;
export type Translate = FeatureTranslate<MessageId>;

// English comes with the feature's chunk; Hindi is a chunk of its own, fetched only when chosen.
const i18n = featureI18n('${n.name}', en, () => import('./hi.json'));

export const useT: () => Translate = i18n.useT;
`;
  const en = { [`${n.camel}.title`]: n.title, [`${n.camel}.empty`]: 'Nothing here yet. Add the first item below.', [`${n.camel}.itemTitle`]: 'Title', [`${n.camel}.add`]: 'Add', [`${n.camel}.added`]: 'Added “{title}”.', [`${n.camel}.failed`]: 'Could not add it. Please try again.' };
  const hi = { [`${n.camel}.title`]: n.titleHi, [`${n.camel}.empty`]: 'अभी यहाँ कुछ नहीं है। पहली प्रविष्टि नीचे जोड़ें।', [`${n.camel}.itemTitle`]: 'शीर्षक', [`${n.camel}.add`]: 'जोड़ें', [`${n.camel}.added`]: '“{title}” जोड़ा गया।', [`${n.camel}.failed`]: 'इसे जोड़ा नहीं जा सका। कृपया फिर से कोशिश करें।' };
  files[`${web}/i18n/en.json`] = JSON.stringify(en, null, 2) + '\n';
  files[`${web}/i18n/hi.json`] = JSON.stringify(hi, null, 2) + '\n';
  files[`${web}/pages/${n.name}-page.tsx`] = `import { Button, FormGroup, InputGroup, Spinner } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { toast, toastError } from '../../../lib/toast';
import { useSchool } from '../../../lib/workspace/school-context';
import { useAdd${n.pascal}ItemMutation, use${n.pascal}ItemsQuery } from '../api/${n.name}-api';
import { useT } from '../i18n';

/** ${n.title}: the school's items and a form to add one (works at 360 px; 44 px targets). */
export function Component() {
  const t = useT();
  const { schoolId } = useSchool();
  const items = use${n.pascal}ItemsQuery(schoolId);
  const [add, adding] = useAdd${n.pascal}ItemMutation();
  const [title, setTitle] = useState('');

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      const res = await add({ schoolId, title }).unwrap();
      toast({ title: t('${n.camel}.added', { title: res.item.title }), intent: 'success' });
      setTitle('');
    } catch {
      toastError(t('${n.camel}.failed'));
    }
  }

  return (
    <section>
      <h1>{t('${n.camel}.title')}</h1>
      {items.isLoading ? (
        <Spinner size={24} />
      ) : items.data?.items.length ? (
        <ul>
          {items.data.items.map((i) => (
            <li key={i.id}>{i.title}</li>
          ))}
        </ul>
      ) : (
        <p>{t('${n.camel}.empty')}</p>
      )}
      <form onSubmit={submit}>
        <FormGroup label={t('${n.camel}.itemTitle')} labelFor="${n.name}-title">
          <InputGroup id="${n.name}-title" large value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} />
        </FormGroup>
        <Button type="submit" large intent="primary" loading={adding.isLoading} text={t('${n.camel}.add')} />
      </form>
    </section>
  );
}
`;
  return files;
}

/** Inserts `line` before the first line matching `before` (a RegExp) in `text`. */
function insertBefore(text, before, line, file) {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => before.test(l));
  if (at < 0) throw new Error(`${file}: no line matches ${before}`);
  lines.splice(at, 0, line);
  return lines.join('\n');
}
/** Inserts `line` after the last line matching `after`. */
function insertAfterLast(text, after, line, file) {
  const lines = text.split('\n');
  let at = -1;
  lines.forEach((l, i) => {
    if (after.test(l)) at = i;
  });
  if (at < 0) throw new Error(`${file}: no line matches ${after}`);
  lines.splice(at + 1, 0, line);
  return lines.join('\n');
}

/** The registrations: path → new text of each existing file the module is listed in. */
export function registrations(n, read = (p) => readFileSync(join(root, p), 'utf8')) {
  const edits = {};
  const edit = (path, fn) => (edits[path] = fn(edits[path] ?? read(path), path));
  // The back end's one list.
  edit('backend/src/app.manifest.ts', (s, f) => {
    s = insertAfterLast(s, /^import \{ \w+Manifest \} from '\.\/modules\//, `import { ${n.camel}Manifest } from './modules/${n.name}/${n.name}.manifest';`, f);
    return insertBefore(s, /^\] as const;/, `  ${n.camel}Manifest,`, f);
  });
  // The shared contract's list (and its export); the wire schemas' export from the main entry and their subpath.
  edit('shared/src/modules/index.ts', (s, f) => {
    s = insertAfterLast(s, /^import \{ \w+_CONTRACT \} from '\.\//, `import { ${n.upper}_CONTRACT } from './${n.name}';`, f);
    s = insertBefore(s, /^\] as const satisfies/, `  ${n.upper}_CONTRACT,`, f);
    return insertAfterLast(s, /^export \{ \w+_CONTRACT \} from '\.\//, `export { ${n.upper}_CONTRACT } from './${n.name}';`, f);
  });
  edit('shared/src/index.ts', (s, f) => insertAfterLast(s, /^export \* from '\.\/[a-z-]+\/index';$/, `export * from './${n.name}/index';`, f));
  edit('shared/package.json', (s) => {
    const pkg = JSON.parse(s);
    pkg.exports[`./${n.name}`] = { types: `./dist/${n.name}/index.d.ts`, default: `./dist/${n.name}/index.js` };
    return JSON.stringify(pkg, null, 2) + '\n';
  });
  // The web's one list.
  edit('web/src/app/features.ts', (s, f) => {
    s = insertAfterLast(s, /^import \{ \w+Feature \} from '\.\.\/features\//, `import { ${n.camel}Feature } from '../features/${n.name}/feature';`, f);
    return insertBefore(s, /^\];/, `  ${n.camel}Feature,`, f);
  });
  // The sidebar's label, in the workspace's catalogues.
  for (const [lang, label] of [
    ['en', n.title],
    ['hi', n.titleHi],
  ]) {
    // After the last "nav.*" line (every one but the file's last ends with a comma), keeping the file's groups.
    edit(`web/src/features/workspace/i18n/${lang}.json`, (s, f) => insertAfterLast(s, /^  "nav\.[^"]+": ".*",$/, `  ${JSON.stringify(`nav.${n.camel}`)}: ${JSON.stringify(label)},`, f));
  }
  // The route → permission snapshot: the reviewer sees the new permission.
  edit('backend/test/workspace/route-permissions.snapshot.json', (s) =>
    JSON.stringify({ ...JSON.parse(s), [`GET /api/v1/schools/:schoolId/${n.name}`]: `${n.camel}.manage`, [`POST /api/v1/schools/:schoolId/${n.name}`]: `${n.camel}.manage` }, null, 2) + '\n',
  );
  return edits;
}

async function main(argv) {
  const args = argv.slice(2);
  const flag = (name) => {
    const i = args.indexOf(name);
    if (i < 0) return undefined;
    const value = args[i + 1];
    args.splice(i, 2);
    return value;
  };
  const dryRun = args.includes('--dry-run');
  if (dryRun) args.splice(args.indexOf('--dry-run'), 1);
  const title = flag('--title');
  const titleHi = flag('--title-hi');
  const timestamp = flag('--timestamp');
  const [name] = args;
  if (!name) {
    console.error('Usage: npm run new:module NAME [-- --title "Library" --title-hi "पुस्तकालय"] [--dry-run]');
    process.exit(2);
  }
  const n = namesOf(name, { title, titleHi, timestamp: timestamp ? Number(timestamp) : undefined });
  const files = skeleton(n);
  const edits = registrations(n);
  if (dryRun) {
    process.stdout.write(JSON.stringify({ files, edits }) + '\n');
    return;
  }
  for (const path of Object.keys(files)) if (existsSync(join(root, path))) throw new Error(`${path} exists already: choose another name`);
  if (existsSync(join(root, 'shared/src', n.name))) throw new Error(`shared/src/${n.name}/ exists already: choose another name`);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  for (const [path, text] of Object.entries(edits)) writeFileSync(join(root, path), text);
  // The table-ownership snapshot now has the new repository and its table.
  const ownership = await import('./table-ownership.mjs');
  writeFileSync(ownership.SNAPSHOT, ownership.render(ownership.snapshot()));
  console.log(`Module ${n.name}: ${Object.keys(files).length} files written, listed in ${Object.keys(edits).join(', ')}.`);
  console.log('Next: node node_modules/typescript-native/bin/tsc -b shared backend web, npx eslint on its folders, its test on both databases (docs/adding-a-module.md).');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main(process.argv);
