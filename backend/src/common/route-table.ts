import { RequestMethod, type DynamicModule, type ForwardReference, type Type } from '@nestjs/common';
import { METHOD_METADATA, MODULE_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { routeDecision } from './route-decisions';

/** One route of the API, relative to the global prefix (`/api/v1`), in Nest's syntax (`/school/:id`). */
export interface Route {
  method: string;
  path: string;
  /** `METHOD /path`, the route's name in tests. */
  name: string;
  controller: string;
  handler: string;
  /** The access decision (route-decisions.ts), null when the route has none. */
  decision: string | null;
}

type ModuleRef = Type | DynamicModule | Promise<DynamicModule> | ForwardReference;

const joinPath = (...parts: string[]) => `/${parts.flatMap((p) => p.split('/')).filter(Boolean).join('/')}`;
const asList = (v: unknown): string[] => (Array.isArray(v) ? (v as string[]) : [typeof v === 'string' ? v : '']);

/**
 * The routes of the given modules and everything they import, read from the same decorator
 * metadata Nest's router is built from, without starting the app (so a test can list one case per
 * route). The OpenAPI test checks this table against the running app's document.
 */
export function routeTable(modules: ModuleRef[]): Route[] {
  const seen = new Set<unknown>();
  const controllers: Type[] = [];
  const visit = (ref: ModuleRef | undefined) => {
    if (!ref || ref instanceof Promise) return;
    const dynamic = 'module' in ref ? (ref as DynamicModule) : undefined;
    const forward = 'forwardRef' in ref ? (ref as ForwardReference).forwardRef() : undefined;
    if (forward) return visit(forward as ModuleRef);
    const type = (dynamic?.module ?? ref) as Type;
    const key = dynamic ?? type;
    if (seen.has(key)) return;
    seen.add(key);
    controllers.push(...((Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, type) as Type[]) ?? []), ...((dynamic?.controllers as Type[]) ?? []));
    for (const m of [...((Reflect.getMetadata(MODULE_METADATA.IMPORTS, type) as ModuleRef[]) ?? []), ...((dynamic?.imports as ModuleRef[]) ?? [])]) visit(m);
  };
  modules.forEach(visit);

  const routes: Route[] = [];
  for (const controller of new Set(controllers)) {
    const prefixes = asList(Reflect.getMetadata(PATH_METADATA, controller));
    const proto = controller.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(proto)) {
      const handler = proto[name];
      if (name === 'constructor' || typeof handler !== 'function') continue;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (method === undefined) continue;
      for (const prefix of prefixes) {
        for (const sub of asList(Reflect.getMetadata(PATH_METADATA, handler))) {
          const verb = RequestMethod[method];
          const path = joinPath(prefix, sub);
          routes.push({ method: verb, path, name: `${verb} ${path}`, controller: controller.name, handler: name, decision: routeDecision(handler, controller) });
        }
      }
    }
  }
  return routes.sort((a, b) => a.name.localeCompare(b.name));
}
