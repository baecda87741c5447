import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { IS_PUBLIC, ROLES } from '../../src/common/auth/decorators';
import { REQUIRED_PERMISSION, SCHOOL_SCOPED } from '../../src/common/workspace/workspace.keys';
import { API_PREFIX } from '../../src/app.factory';
import type { TestApp } from './app';

export interface AppRoute {
  method: string;
  /** The full path with Nest/Fastify parameters, e.g. `/api/v1/schools/:schoolId/home`. */
  path: string;
  controller: string;
  handler: string;
  isPublic: boolean;
  roles: string[] | undefined;
  schoolScoped: boolean;
  permission: string | undefined;
}

const join = (...parts: (string | undefined)[]) =>
  '/' +
  parts
    .flatMap((p) => (p ?? '').split('/'))
    .filter(Boolean)
    .join('/');

/**
 * Every API route of the running app, read from Nest's controllers (paths, methods and the
 * tenancy decorators' metadata) and checked against Fastify's router, so the list is what the
 * server really answers — never a hand-kept table.
 */
export function appRoutes(t: TestApp): AppRoute[] {
  const fastify = t.app.getHttpAdapter().getInstance();
  const routes: AppRoute[] = [];
  for (const mod of t.app.get(ModulesContainer).values()) {
    for (const wrapper of mod.controllers.values()) {
      const type = wrapper.metatype as Function | null;
      if (!type || !wrapper.instance) continue;
      const prefixes = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, type) ?? '');
      const proto = Object.getPrototypeOf(wrapper.instance);
      for (const name of Object.getOwnPropertyNames(proto)) {
        const fn = proto[name];
        if (name === 'constructor' || typeof fn !== 'function') continue;
        const paths = Reflect.getMetadata(PATH_METADATA, fn);
        if (paths === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, fn) as RequestMethod];
        for (const prefix of prefixes) {
          for (const sub of ([] as string[]).concat(paths)) {
            const path = join(API_PREFIX, prefix, sub);
            if (!fastify.hasRoute({ method: method as any, url: path })) throw new Error(`${method} ${path} is not in Fastify's router`);
            routes.push({
              method,
              path,
              controller: type.name,
              handler: name,
              isPublic: Boolean(Reflect.getMetadata(IS_PUBLIC, fn) ?? Reflect.getMetadata(IS_PUBLIC, type)),
              roles: Reflect.getMetadata(ROLES, fn) ?? Reflect.getMetadata(ROLES, type),
              schoolScoped: Boolean(Reflect.getMetadata(SCHOOL_SCOPED, type)),
              permission: Reflect.getMetadata(REQUIRED_PERMISSION, fn),
            });
          }
        }
      }
    }
  }
  return routes.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}
