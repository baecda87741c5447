import type { z } from 'zod';

/**
 * The one adapter between react-final-form and the shared zod schemas: returns
 * { field: message } (nested for nested fields, first message per field) or undefined when valid.
 */
export function zodValidate<S extends z.ZodType>(schema: S) {
  return (values: unknown): Record<string, unknown> | undefined => {
    const result = schema.safeParse(values);
    if (result.success) return undefined;
    const errors: Record<string, unknown> = {};
    for (const issue of result.error.issues) {
      let node = errors;
      const path = issue.path.length ? issue.path.map(String) : ['_form'];
      path.forEach((key, i) => {
        if (i === path.length - 1) {
          if (node[key] === undefined) node[key] = issue.message;
        } else {
          const nextIsIndex = /^\d+$/.test(path[i + 1]);
          if (typeof node[key] !== 'object' || node[key] === null) node[key] = nextIsIndex ? [] : {};
          node = node[key] as Record<string, unknown>;
        }
      });
    }
    return errors;
  };
}
