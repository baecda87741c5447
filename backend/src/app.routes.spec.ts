import { Controller, Get, Module } from '@nestjs/common';
import { DOMAIN_MODULES } from './app.module';
import { Roles } from './common/auth/decorators';
import { routeTable } from './common/route-table';

/**
 * Every route has an access decision (common/route-decisions.ts): public, staff-only, the owned
 * school's, the caller's own data, or a decision key a tenancy guard registered. A route added
 * without one fails here, before it can serve one tenant's data to another.
 */
describe('route table: every route states who may reach whose data', () => {
  const routes = routeTable(DOMAIN_MODULES);

  it('is read from the modules (not a hand-kept list)', () => {
    expect(routes.length).toBeGreaterThanOrEqual(29);
    expect(routes).toContainEqual(expect.objectContaining({ name: 'PATCH /school/:id', decision: 'owned-school' }));
    expect(routes).toContainEqual(expect.objectContaining({ name: 'GET /admin/schools', decision: 'staff-only' }));
    expect(routes).toContainEqual(expect.objectContaining({ name: 'POST /auth/login', decision: 'public' }));
    expect(routes).toContainEqual(expect.objectContaining({ name: 'GET /auth/me', decision: 'caller-scoped' }));
    expect(new Set(routes.map((r) => r.name)).size).toBe(routes.length);
  });

  it.each(routes.map((r) => [r.name, r]))('%s has an access decision', (_name, route) => {
    expect({ route: route.name, handler: `${route.controller}.${route.handler}`, decided: route.decision !== null }).toEqual({
      route: route.name,
      handler: `${route.controller}.${route.handler}`,
      decided: true,
    });
  });

  it('a route without a decision is caught (the check is not vacuous)', () => {
    @Roles('admin')
    @Controller('undecided')
    class UndecidedController {
      @Get(':schoolId/things')
      things() {
        return [];
      }
    }
    @Module({ controllers: [UndecidedController] })
    class UndecidedModule {}
    expect(routeTable([UndecidedModule])).toEqual([expect.objectContaining({ name: 'GET /undecided/:schoolId/things', decision: null })]);
  });
});
