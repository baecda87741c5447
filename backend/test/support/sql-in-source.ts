import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** One SQL statement written in the back end's source, as the database will receive it. */
export interface SourceStatement {
  file: string;
  line: number;
  sql: string;
}

const STATEMENT = /^\s*\(?\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i;
/** A statement reads or writes a table: a bare `SELECT 1` or `SELECT set_config(…)` has nothing to check. */
const NAMES_A_TABLE = /\b(FROM|INTO|UPDATE|JOIN)\s+[a-z_]/i;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : files(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts') && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/**
 * Every SQL statement in the back end's source (`src/`, migrations aside): string and template
 * literals that start as a statement, name a table, and are sent whole (a call's argument, or a
 * module constant). A template's `${…}` parts are filled in when
 * they name a constant of the same file holding SQL text (a shared column list, a FROM clause);
 * a statement built from anything else (a condition chosen at run time) is counted as `unresolved`
 * and not returned, so what is returned is exactly what the database receives.
 */
export function sqlInSource(srcDir: string): { statements: SourceStatement[]; unresolved: SourceStatement[] } {
  const statements: SourceStatement[] = [];
  const unresolved: SourceStatement[] = [];
  for (const path of files(srcDir)) {
    const text = readFileSync(path, 'utf8');
    if (!/\b(SELECT|INSERT|UPDATE|DELETE)\b/.test(text)) continue;
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
    const constants = new Map<string, ts.Expression>();
    // The file's own module-level constants (a name inside a function may mean something else in another).
    const moduleConst = (node: ts.Node): node is ts.VariableDeclaration =>
      ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && !!node.initializer && ts.isVariableDeclarationList(node.parent) && !!(node.parent.flags & ts.NodeFlags.Const) && ts.isVariableStatement(node.parent.parent) && ts.isSourceFile(node.parent.parent.parent);
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const d of statement.declarationList.declarations) if (moduleConst(d)) constants.set((d.name as ts.Identifier).text, d.initializer!);
    }
    /** Where a literal is sent as it is: an argument of a call (`this.rows(\`…\`, …)`), or a module constant holding a statement. */
    const sentWhole = (node: ts.Node): boolean => {
      let at = node;
      while (ts.isParenthesizedExpression(at.parent) || ts.isAsExpression(at.parent)) at = at.parent;
      return (ts.isCallExpression(at.parent) && at.parent.arguments.includes(at as ts.Expression)) || moduleConst(at.parent);
    };
    const resolve = (e: ts.Expression, depth = 0, args: Map<string, string> = new Map()): string | null => {
      if (depth > 8) return null;
      const again = (x: ts.Expression) => resolve(x, depth + 1, args);
      if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return e.text;
      if (ts.isParenthesizedExpression(e)) return again(e.expression);
      if (ts.isTemplateExpression(e)) {
        let out = e.head.text;
        for (const span of e.templateSpans) {
          const part = again(span.expression);
          if (part === null) return null;
          out += part + span.literal.text;
        }
        return out;
      }
      if (ts.isIdentifier(e)) {
        if (args.has(e.text)) return args.get(e.text)!;
        const init = constants.get(e.text);
        return init ? resolve(init, depth + 1) : null;
      }
      if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.PlusToken) {
        const l = again(e.left);
        const r = l === null ? null : again(e.right);
        return l === null || r === null ? null : l + r;
      }
      // `${lock ? ' FOR UPDATE' : ''}`: either branch is a statement the code sends; the first that resolves is checked.
      if (ts.isConditionalExpression(e)) return again(e.whenFalse) ?? again(e.whenTrue);
      // `${NAME_OF('d.marked_by')}`: a constant arrow function of text arguments, returning SQL text.
      if (ts.isCallExpression(e) && ts.isIdentifier(e.expression)) {
        const fn = constants.get(e.expression.text);
        if (!fn || !ts.isArrowFunction(fn) || !ts.isExpression(fn.body as ts.Node)) return null;
        const bound = new Map<string, string>();
        for (const [i, param] of fn.parameters.entries()) {
          const arg = e.arguments[i];
          const value = arg ? again(arg) : null;
          if (!ts.isIdentifier(param.name) || value === null) return null;
          bound.set(param.name.text, value);
        }
        return resolve(fn.body as ts.Expression, depth + 1, bound);
      }
      return null;
    };
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
        const raw = ts.isTemplateExpression(node) ? node.head.text : node.text;
        // A fragment a function returns for its caller to complete (`WITH pupils AS (…`) is not a statement of its own.
        if (STATEMENT.test(raw) && NAMES_A_TABLE.test(node.getText()) && sentWhole(node)) {
          const at = { file: relative(srcDir, path), line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 };
          const sql = resolve(node);
          if (sql === null) unresolved.push({ ...at, sql: node.getText() });
          else statements.push({ ...at, sql });
        }
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { statements, unresolved };
}
