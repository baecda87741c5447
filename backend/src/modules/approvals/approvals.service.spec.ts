import type { Logger } from 'pino';
import type { AuthUser } from '../../common/auth/access-tokens';
import type { Clock } from '../../common/clock';
import type { AppConfig } from '../../config/app-config';
import type { AcademicsService } from '../academics/academics.service';
import type { AccountsService } from '../auth';
import type { MailService } from '../mail/mail.service';
import type { SchoolEntity } from '../schools';
import type { SchoolsService } from '../schools/schools.service';
import type { ApprovalsRepository } from './approvals.repository';
import { ApprovalsService } from './approvals.service';

const SCHOOL_ID = '5c100000-0000-4000-8000-000000000001';

/**
 * The approval rules on stub collaborators (no database): who may decide what, what a decision
 * changes, the race window between two staff members, and that a mail outage never undoes a
 * decision. The row lock and the real race are the integration tests' job (test/approvals).
 */
const NOW = new Date('2026-01-10T05:00:00Z');
const staff: AuthUser = { id: 'staff-1', username: 'meera', role: 'staff' };
const owner = { id: 'owner-1', username: 'asha', email: 'asha@school.test' };

function schoolRow(change: Partial<SchoolEntity> = {}): SchoolEntity {
  return {
    id: SCHOOL_ID, ownerId: owner.id, name: 'Sunrise Public School', subdomain: 'sunrise', schoolCode: null, affiliationNumber: null,
    level: 'mixed', board: null, principalName: null, email: null, phoneNumbers: [], establishedYear: null, language: null,
    address1: '12 Mall Road', address2: null, locality: 'Civil Lines', city: 'Kanpur', state: 'Uttar Pradesh', country: 'India',
    pinCode: '208001', landmark: null, isActive: false, approvalStatus: 'pending', rejectionReason: null, planType: 'free_trial',
    approvedAt: null, trialEndsAt: null, maxStudents: 100, activeStudents: 0,
    submittedAt: new Date(0), createdAt: new Date(0), updatedAt: new Date(0),
    ...change,
  } as SchoolEntity;
}

function setup(current: SchoolEntity | null, latest: { decided_by: string; decided_at: Date } | null = null, mailFails = false) {
  let stored = current;
  const decisions: unknown[][] = [];
  const mails: { to: string; subject: string }[] = [];
  const repo = {
    in: () => repo,
    transaction: (fn: (tx: unknown) => Promise<unknown>) => fn({}),
    latest: async () => latest,
    record: async (...args: unknown[]) => void decisions.push(args),
    history: async () => [],
  } as unknown as ApprovalsRepository;
  const schools = {
    lockForUpdate: async () => (stored ? { ...stored } : null),
    save: async (_tx: unknown, s: SchoolEntity) => void (stored = { ...s }),
    findWithOwner: async () => (stored ? { ...stored, owner } : null),
  } as unknown as SchoolsService;
  const academics = { classCounts: async () => [] } as unknown as AcademicsService;
  const accounts = { find: async () => owner } as unknown as AccountsService;
  const mail = {
    send: async (m: { to: string; subject: string }) => {
      if (mailFails) throw new Error('smtp down');
      mails.push(m);
    },
  } as unknown as MailService;
  const logger = { warn: () => undefined } as unknown as Logger;
  const service = new ApprovalsService(repo, schools, academics, accounts, { now: () => NOW } as Clock, mail, { appDomain: 'vidyalaya.test' } as AppConfig, logger);
  return { service, decisions, mails, stored: () => stored };
}

describe('ApprovalsService (stub repository)', () => {
  it('the first approval activates the school, dates it and starts a 30-day trial; the administrator is mailed', async () => {
    const { service, decisions, mails, stored } = setup(schoolRow());
    const result = await service.approve(staff, SCHOOL_ID);
    expect(stored()).toMatchObject({ approvalStatus: 'approved', isActive: true, rejectionReason: null, approvedAt: NOW, updatedAt: NOW });
    expect(stored()!.trialEndsAt!.getTime() - NOW.getTime()).toBe(30 * 24 * 3600 * 1000);
    expect(decisions).toEqual([[SCHOOL_ID, 'approved', null, 'staff-1', NOW]]);
    expect(mails.map((m) => m.to)).toEqual(['asha@school.test']);
    expect(result.notified).toBe(true);
  });

  it('a re-approval keeps the first approval date and trial', async () => {
    const approvedAt = new Date('2025-11-01T00:00:00Z');
    const trialEndsAt = new Date('2025-12-01T00:00:00Z');
    const { service, stored } = setup(schoolRow({ approvalStatus: 'rejected', approvedAt, trialEndsAt }));
    await service.approve(staff, SCHOOL_ID);
    expect(stored()).toMatchObject({ approvalStatus: 'approved', approvedAt, trialEndsAt });
  });

  it('rejecting keeps the reason and takes the school offline; an approved school can be rejected', async () => {
    const { service, stored, decisions } = setup(schoolRow({ approvalStatus: 'approved', isActive: true }));
    await service.reject(staff, SCHOOL_ID, 'The address could not be verified');
    expect(stored()).toMatchObject({ approvalStatus: 'rejected', isActive: false, rejectionReason: 'The address could not be verified' });
    expect(decisions[0]).toEqual([SCHOOL_ID, 'rejected', 'The address could not be verified', 'staff-1', NOW]);
  });

  it('the same decision twice is 422 ALREADY_DECIDED, and nothing is recorded', async () => {
    const approved = setup(schoolRow({ approvalStatus: 'approved', isActive: true }));
    await expect(approved.service.approve(staff, SCHOOL_ID)).rejects.toMatchObject({ code: 'ALREADY_DECIDED' });
    const rejected = setup(schoolRow({ approvalStatus: 'rejected' }));
    await expect(rejected.service.reject(staff, SCHOOL_ID, 'again')).rejects.toMatchObject({ code: 'ALREADY_DECIDED' });
    expect([...approved.decisions, ...rejected.decisions]).toEqual([]);
  });

  it("another staff member's decision of moments ago cannot be overturned; one's own can, and anyone's after a while", async () => {
    const school = schoolRow({ approvalStatus: 'rejected' });
    const moments = new Date(NOW.getTime() - 3_000);
    await expect(setup(school, { decided_by: 'staff-2', decided_at: moments }).service.approve(staff, SCHOOL_ID)).rejects.toMatchObject({ code: 'ALREADY_DECIDED' });
    await expect(setup(school, { decided_by: 'staff-1', decided_at: moments }).service.approve(staff, SCHOOL_ID)).resolves.toBeDefined();
    const later = new Date(NOW.getTime() - 60_000);
    await expect(setup(school, { decided_by: 'staff-2', decided_at: later }).service.approve(staff, SCHOOL_ID)).resolves.toBeDefined();
  });

  it('an unknown school is 404; a mail outage leaves the decision standing, notified false', async () => {
    await expect(setup(null).service.approve(staff, 'nope')).rejects.toMatchObject({ code: 'SCHOOL_NOT_FOUND' });
    const { service, stored } = setup(schoolRow(), null, true);
    const result = await service.approve(staff, SCHOOL_ID);
    expect(result.notified).toBe(false);
    expect(stored()!.approvalStatus).toBe('approved');
  });
});
