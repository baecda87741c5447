#!/usr/bin/env node
// Writes two parts of Blueprint's stylesheet, light theme only, inside `@layer blueprint`:
// - web/src/components/layout/blueprint-public.css: what the public shell and the home page use
//   (buttons, navbar, collapse, cards, spinner), loaded at start;
// - web/src/components/layout/blueprint-forms.css: the rest of what the sign-in pages use (inputs,
//   form groups, callouts, selects, checkboxes), loaded with those pages only;
// - web/src/lib/toaster.css: the toasts and their overlay, loaded with the toaster (the first toast).
// Every other route loads the whole of blueprint.css into the same layer with its code
// (web/src/app/routes.tsx). Keeping the first pages under their size budgets is the point:
// docs/performance.md.
//
//   node scripts/blueprint-subset.mjs          regenerate
//   node scripts/blueprint-subset.mjs --check  exit 1 when a file is out of date
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'web', 'package.json'));
const pkgDir = dirname(require.resolve('@blueprintjs/core/package.json'));
const version = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')).version;
const source = readFileSync(join(pkgDir, 'lib', 'css', 'blueprint.css'), 'utf8');
const layoutDir = join(root, 'web', 'src', 'components', 'layout');

/** Blueprint classes (without the `bp6-` prefix) the public shell may use. */
const ALLOWED = [
  /^button(-text|-spinner)?$/,
  /^intent-(primary|success|warning|danger|default)$/,
  /^(minimal|outlined|large|small|fill|active|disabled|loading|align-left)$/,
  /^navbar(-group|-heading)?$/,
  /^card$/,
  /^elevation-[0-4]$/,
  /^spinner(-animation|-head|-track|-no-spin)?$/,
  /^icon(-standard|-large|-muted)?$/,
  /^(text-muted|heading)$/,
];

/** The toaster's own rules (lib/toaster.ts loads them with the first toast). */
// A toast's buttons sit in a button group, which nothing else on the public and sign-in pages draws.
const TOAST = [/^toast(-.*)?$/, /^overlay(-.*)?$/, /^portal$/, /^button-group$/];

/**
 * What the sign-in pages draw beyond the public shell (their controls are plain markup in these
 * classes: components/blueprint/plain-controls.tsx): input groups, form groups, the checkbox, callouts.
 */
const FORMS = [
  /^input(-group|-action)?$/,
  /^form-(group|content)$/,
  /^(label|minimal)$/,
  /^callout(-.*)?$/,
  /^control(-indicator(-child)?)?$/,
  /^checkbox$/,
  /^button(-text|-spinner)?$/,
  /^intent-(primary|success|warning|danger|none)$/,
];

const publicSelector = (sel) => {
  if (/\.bp6-dark\b|data-bp-color-scheme=dark/.test(sel)) return false;
  // The shell's buttons are primary or plain; other intents matter only inside toasts.
  if (/\.bp6-button\b/.test(sel) && /\.bp6-intent-(success|warning|danger)\b/.test(sel)) return false;
  const classes = sel.match(/\.bp6-[a-z0-9-]+/g) ?? [];
  return classes.every((c) => ALLOWED.some((re) => re.test(c.slice(5))));
};

/** A form rule the public subset does not already carry (so the two files never repeat a rule). */
const formsSelector = (sel) => {
  if (/\.bp6-dark\b|data-bp-color-scheme=dark/.test(sel) || publicSelector(sel)) return false;
  const classes = sel.match(/\.bp6-[a-z0-9-]+/g) ?? [];
  if (!classes.length) return false;
  return classes.every((c) => ALLOWED.some((re) => re.test(c.slice(5))) || FORMS.some((re) => re.test(c.slice(5))));
};

/** A toast or overlay rule (with the buttons and intents inside a toast) the public subset lacks. */
const toastSelector = (sel) => {
  if (/\.bp6-dark\b|data-bp-color-scheme=dark/.test(sel) || publicSelector(sel)) return false;
  const classes = sel.match(/\.bp6-[a-z0-9-]+/g) ?? [];
  if (!classes.some((c) => TOAST.some((re) => re.test(c.slice(5))))) return false;
  return classes.every(
    (c) => ALLOWED.some((re) => re.test(c.slice(5))) || TOAST.some((re) => re.test(c.slice(5))) || /^intent-(success|warning|danger)$/.test(c.slice(5)),
  );
};

/** Splits a selector list at top-level commas (not inside :not(...), :is(...)). */
function splitSelectors(list) {
  const out = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      out.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(list.slice(start).trim());
  return out.filter(Boolean);
}

/** Parses a block of CSS into [{prelude, body}] with nested blocks kept as text; skips strings. */
function parseBlocks(css) {
  const blocks = [];
  let depth = 0;
  let start = 0;
  let open = -1;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") {
      const end = css.indexOf(c, i + 1);
      i = end < 0 ? css.length : end;
    } else if (c === '{') {
      if (depth === 0) open = i;
      depth++;
    } else if (c === '}') {
      depth--;
      if (depth === 0) {
        blocks.push({ prelude: css.slice(start, open).trim(), body: css.slice(open + 1, i) });
        start = i + 1;
      }
    } else if (c === ';' && depth === 0) {
      // A statement at-rule (@charset, @import): dropped.
      start = i + 1;
    }
  }
  return blocks;
}

function filterCss(css, allowedSelector) {
  const out = [];
  for (const { prelude, body } of parseBlocks(css)) {
    if (prelude.startsWith('@keyframes') || prelude.startsWith('@font-face')) {
      out.push({ kind: 'keyframes', name: prelude.split(/\s+/)[1], text: `${prelude}{${body.trim()}}` });
    } else if (prelude.startsWith('@media') || prelude.startsWith('@supports') || prelude.startsWith('@layer')) {
      const inner = filterCss(body, allowedSelector);
      if (inner.length) out.push({ kind: 'group', prelude, inner });
    } else if (prelude.startsWith('@')) {
      continue;
    } else {
      const kept = splitSelectors(prelude).filter(allowedSelector);
      if (kept.length) out.push({ kind: 'rule', text: `${kept.join(',')}{${body.trim().replace(/\s+/g, ' ')}}` });
    }
  }
  return out;
}

function render(nodes, usedText) {
  return nodes
    .map((n) => {
      if (n.kind === 'rule') return n.text;
      if (n.kind === 'keyframes') return !n.name || n.prelude?.startsWith('@font-face') || usedText.includes(n.name) ? n.text : '';
      const inner = render(n.inner, usedText);
      return inner ? `${n.prelude}{\n${inner}\n}` : '';
    })
    .filter(Boolean)
    .join('\n');
}

const rulesOnly = (list) => list.flatMap((n) => (n.kind === 'rule' ? [n.text] : n.kind === 'group' ? rulesOnly(n.inner) : []));
const clean = source.replace(/\/\*[\s\S]*?\*\//g, '');

function subset(allowedSelector, what) {
  const nodes = filterCss(clean, allowedSelector);
  const used = rulesOnly(nodes).join('\n');
  return (
    `/* Generated by scripts/blueprint-subset.mjs from @blueprintjs/core ${version} (Apache-2.0): the\n` +
    ` * light-theme rules of ${what}. Do not edit; run the script. */\n` +
    `@layer reset, blueprint;\n@layer blueprint {\n${render(nodes, used)}\n}\n`
  );
}

const outputs = [
  [join(layoutDir, 'blueprint-public.css'), subset(publicSelector, 'the components the public shell uses')],
  [join(layoutDir, 'blueprint-forms.css'), subset(formsSelector, 'the form controls the sign-in pages use beyond blueprint-public.css')],
  [join(root, 'web', 'src', 'lib', 'toaster.css'), subset(toastSelector, 'the toasts and their overlay beyond blueprint-public.css')],
];

for (const [target, output] of outputs) {
  const name = target.slice(target.lastIndexOf('/') + 1);
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(target, 'utf8');
    } catch {
      /* missing */
    }
    if (current !== output) {
      console.error(`${target} is out of date: run node scripts/blueprint-subset.mjs`);
      process.exitCode = 1;
    } else {
      console.log(`${name} is up to date`);
    }
  } else {
    writeFileSync(target, output);
    console.log(`wrote ${target} (${(output.length / 1024).toFixed(1)} KB from ${(source.length / 1024).toFixed(1)} KB)`);
  }
}
