import { MESSAGES } from '@vidyalaya/shared';
import { type CreateSchoolPayload } from '@vidyalaya/shared/schools';
import type { AuthUser } from '../../common/auth/access-tokens';
import type { Clock } from '../../common/clock';
import type { AcademicsService } from '../academics/academics.service';
import type { SchoolEntity } from './school.entity';
import { schoolColumns } from './school.mapper';
import type { SchoolsRepository } from './schools.repository';
import { SchoolsService } from './schools.service';

/**
 * The schools service's rules on a stub repository (no database): one school per administrator,
 * retries, what an edit does to an approved or rejected school, the plan. Uniqueness races and
 * the stored summary are the integration tests' job (test/schools).
 */
const NOW = new Date('2026-01-10T05:00:00Z');
const owner: AuthUser = { id: 'u1', username: 'asha', role: 'admin' };

function payload(change: Partial<CreateSchoolPayload> = {}): CreateSchoolPayload {
  return {
    name: 'Sunrise Public School',
    subdomain: 'sunrise',
    address: { address1: '12 Mall Road', locality: 'Civil Lines', city: 'Kanpur', state: 'Uttar Pradesh', country: 'India', pinCode: '208001' },
    level: 'mixed',
    phoneNumbers: ['+919876543210'],
    ...change,
  } as CreateSchoolPayload;
}

function school(change: Partial<SchoolEntity> = {}): SchoolEntity {
  return {
    id: 's1',
    ownerId: owner.id,
    ...schoolColumns(payload()),
    isActive: false,
    approvalStatus: 'pending',
    rejectionReason: null,
    planType: 'free_trial',
    approvedAt: null,
    trialEndsAt: null,
    maxStudents: 100,
    activeStudents: 0,
    submittedAt: new Date(0),
    createdAt: new Date(0),
    updatedAt: new Date(0),
    ...change,
  } as SchoolEntity;
}

function setup(stored: SchoolEntity | null = null, opts: { insertFails?: unknown; subdomainOwner?: string | null; taken?: string[] } = {}) {
  const saved: SchoolEntity[] = [];
  const inserted: Partial<SchoolEntity>[] = [];
  const repo = {
    in: () => repo,
    transaction: (fn: (tx: unknown) => Promise<unknown>) => fn({}),
    findByOwner: async (ownerId: string) => (stored?.ownerId === ownerId ? stored : null),
    lockById: async (id: string) => (stored?.id === id ? { ...stored } : null),
    insert: async (values: Partial<SchoolEntity>) => {
      if (opts.insertFails) throw opts.insertFails;
      inserted.push(values);
      return { id: 'new', ...values } as SchoolEntity;
    },
    save: async (s: SchoolEntity) => void saved.push({ ...s }),
    setPlan: async () => undefined,
    subdomainOwner: async () => opts.subdomainOwner ?? null,
    takenSubdomains: async (candidates: string[]) => candidates.filter((c) => (opts.taken ?? []).includes(c)),
  } as unknown as SchoolsRepository;
  const clock = { now: () => NOW } as Clock;
  const service = new SchoolsService(repo, clock, {} as AcademicsService);
  return { service, saved, inserted };
}

describe('SchoolsService (stub repository)', () => {
  describe('create', () => {
    it('a new school starts pending, inactive, on the free trial, submitted now', async () => {
      const { service, inserted } = setup();
      const { school: dto } = await service.create(owner, payload());
      expect(inserted[0]).toMatchObject({ ownerId: 'u1', approvalStatus: 'pending', isActive: false, planType: 'free_trial', submittedAt: NOW });
      expect(dto).toMatchObject({ name: 'Sunrise Public School', isActive: false, metaData: { approvalStatus: 'pending' } });
    });

    it('a reserved subdomain is refused before anything is written', async () => {
      const { service, inserted } = setup();
      await expect(service.create(owner, payload({ subdomain: 'admin' }))).rejects.toMatchObject({ code: 'SUBDOMAIN_RESERVED' });
      expect(inserted).toEqual([]);
    });

    it('school already exists: another school for the same administrator is 409, the same one again is a retry', async () => {
      const { service, inserted } = setup(school());
      await expect(service.create(owner, payload({ subdomain: 'another' }))).rejects.toMatchObject({ code: 'SCHOOL_ALREADY_EXISTS' });
      expect((await service.create(owner, payload({ subdomain: 'SunRise' }))).school.id).toBe('s1');
      expect(inserted).toEqual([]);
    });

    it("a unique index's violation answers its conflict code", async () => {
      const { service } = setup(null, { insertFails: { code: '23505', constraint: 'schools_subdomain_lower_uq' } });
      await expect(service.create(owner, payload())).rejects.toMatchObject({ code: 'SUBDOMAIN_TAKEN' });
    });
  });

  describe('update', () => {
    it('renaming an approved school sends it back for review; its approval date and trial are kept', async () => {
      const approvedAt = new Date('2025-12-01T00:00:00Z');
      const trialEndsAt = new Date('2025-12-31T00:00:00Z');
      const { service, saved } = setup(school({ approvalStatus: 'approved', isActive: true, approvedAt, trialEndsAt }));
      const { school: dto } = await service.update(school(), payload({ name: 'Sunset Public School' }));
      expect(saved[0]).toMatchObject({ approvalStatus: 'pending', isActive: false, submittedAt: NOW, approvedAt, trialEndsAt });
      expect(dto.metaData.approvalStatus).toBe('pending');
    });

    it('an approved school whose name only changes case or spacing stays approved', async () => {
      const { service, saved } = setup(school({ approvalStatus: 'approved', isActive: true }));
      await service.update(school(), payload({ name: '  sunrise   PUBLIC school ' }));
      expect(saved[0]).toMatchObject({ approvalStatus: 'approved', isActive: true, submittedAt: new Date(0) });
    });

    it("an approved school's subdomain is locked", async () => {
      const { service, saved } = setup(school({ approvalStatus: 'approved', isActive: true }));
      await expect(service.update(school(), payload({ subdomain: 'elsewhere' }))).rejects.toMatchObject({
        code: 'SCHOOL_NOT_EDITABLE',
        message: MESSAGES.errors.subdomainLocked,
      });
      expect(saved).toEqual([]);
    });

    it('a rejected school that is edited is re-submitted: pending, reason cleared', async () => {
      const { service, saved } = setup(school({ approvalStatus: 'rejected', rejectionReason: 'Incomplete address' }));
      await service.update(school(), payload({ principalName: 'R. Sharma' }));
      expect(saved[0]).toMatchObject({ approvalStatus: 'pending', rejectionReason: null, principalName: 'R. Sharma', submittedAt: NOW });
    });

    it('a pending school stays pending; a new reserved subdomain is refused; a missing school is 404', async () => {
      const { service, saved } = setup(school());
      await service.update(school(), payload({ city: 'Lucknow' } as never));
      expect(saved[0]).toMatchObject({ approvalStatus: 'pending', submittedAt: new Date(0) });
      await expect(service.update(school(), payload({ subdomain: 'admin' }))).rejects.toMatchObject({ code: 'SUBDOMAIN_RESERVED' });
      await expect(setup(null).service.update(school(), payload())).rejects.toMatchObject({ code: 'SCHOOL_NOT_FOUND' });
    });
  });

  it('only the free trial can be chosen as a plan', async () => {
    const { service } = setup(school());
    await expect(service.updatePlan(school(), 'premium')).rejects.toMatchObject({ code: 'PLAN_COMING_SOON' });
    expect((await service.updatePlan(school(), 'free_trial')).school.planType).toBe('free_trial');
  });

  it("subdomain availability: the caller's own subdomain is free to them, another's is taken with free suggestions", async () => {
    expect(await setup(null, { subdomainOwner: 'u1' }).service.availability(owner, 'sunrise')).toEqual({ available: true });
    const taken = await setup(null, { subdomainOwner: 'u2', taken: [] }).service.availability(owner, 'sunrise', 'Kanpur');
    expect(taken).toMatchObject({ available: false, reason: MESSAGES.errors.subdomainTaken });
    expect(taken.suggestions!.length).toBeGreaterThan(0);
    expect(taken.suggestions!.length).toBeLessThanOrEqual(3);
  });
});
