import type { SchoolRole } from '@vidyalaya/shared';
import { DomainException } from '../../common/domain.exception';
import type { AccessService } from '../../common/workspace/access.service';
import { SchoolTx, type SchoolWrites } from '../../common/workspace/school-writes';
import type { MemberRow, MembersRepository } from './members.repository';
import { MembersService } from './members.service';

/**
 * The members service's rules on a stub repository (no database): the pattern every module's
 * service unit tests follow. Races and SQL are the integration tests' job.
 */
function setup(members: Record<string, SchoolRole>) {
  const rows = new Map(Object.entries(members).map(([id, role]) => [id, { user_id: id, username: id, name: null, email: `${id}@x.test`, role, created_at: new Date(0) } as MemberRow]));
  const audits: unknown[] = [];
  const repo = {
    in() {
      return repo;
    },
    lockAdmins: async () => [...rows.values()].filter((r) => r.role === 'admin').map((r) => r.user_id),
    find: async (id: string) => rows.get(id) ?? null,
    setRole: async (id: string, role: SchoolRole) => void (rows.get(id)!.role = role),
    remove: async (id: string) => void rows.delete(id),
    isOwner: async (id: string) => id === 'founder',
  } as unknown as MembersRepository;
  const access = { require: async () => undefined } as unknown as AccessService;
  const writes = {
    run: async (actor: { schoolId: string; userId: string }, fn: (tx: SchoolTx) => Promise<unknown>) => {
      const tx = new SchoolTx({ query: async (_sql: string, params: unknown[]) => void audits.push(params[3]) } as never, actor, new Date(0));
      const result = await fn(tx);
      if (!tx.audited) throw new Error('not audited');
      return result;
    },
  } as unknown as SchoolWrites;
  return { service: new MembersService(repo, access, writes), rows, audits };
}

const ctx = { schoolId: 's1', userId: 'boss', role: 'admin' as const };

describe('MembersService (stub repository)', () => {
  it('refuses to demote or remove the last admin', async () => {
    const { service, audits } = setup({ boss: 'admin', t: 'teacher' });
    await expect(service.changeRole(ctx, 'boss', 'teacher')).rejects.toMatchObject({ code: 'LAST_ADMIN' });
    await expect(service.remove(ctx, 'boss')).rejects.toBeInstanceOf(DomainException);
    expect(audits).toEqual([]);
  });

  it('changes a role and audits it; the same role again changes and audits nothing', async () => {
    const { service, rows, audits } = setup({ boss: 'admin', t: 'teacher' });
    expect((await service.changeRole(ctx, 't', 'office')).member.role).toBe('office');
    expect(rows.get('t')!.role).toBe('office');
    await service.changeRole(ctx, 't', 'office');
    expect(audits).toEqual(['member.role_changed']);
  });

  it('the founding owner is never demoted or removed, even with another admin', async () => {
    const { service, audits } = setup({ founder: 'admin', boss: 'admin' });
    await expect(service.changeRole(ctx, 'founder', 'office')).rejects.toMatchObject({ code: 'SCHOOL_OWNER' });
    await expect(service.remove(ctx, 'founder')).rejects.toMatchObject({ code: 'SCHOOL_OWNER' });
    expect(audits).toEqual([]);
  });

  it('with two admins, either may go', async () => {
    const { service, rows } = setup({ boss: 'admin', other: 'admin' });
    expect(await service.remove(ctx, 'other')).toEqual({ removed: true });
    expect([...rows.keys()]).toEqual(['boss']);
  });
});
