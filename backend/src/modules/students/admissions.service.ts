import { Inject, Injectable } from '@nestjs/common';
import { schoolPortalUrl } from '@vidyalaya/shared';
import {
  ADMISSION_CONSENT,
  formatAdmissionNumber,
  type AdmitApplicationInput,
  type AdmitResult,
  type ApplicationList,
  type ApplicationReceipt,
  type ApplicationResult,
  type ApplicationStatus,
  type CreateApplicationInput,
  type SchoolFrontDoorResult,
} from '@vidyalaya/shared/students';
import type { Logger } from 'pino';
import { Clock } from '../../common/clock';
import { DomainException } from '../../common/domain.exception';
import { LOGGER } from '../../common/envelope.filter';
import type { RateRule } from '../../common/rate-limit/rate-limit.service';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { AccessService } from '../../common/workspace/access.service';
import { SchoolWrites } from '../../common/workspace/school-writes';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { brandedMail } from '../mail';
import { MailService } from '../mail/mail.service';
import { ensureBornBy, toApplication, toStudent } from './student.mapper';
import { StudentsRepository, type ApplicationRow } from './students.repository';
import { StudentsService, studentConflict } from './students.service';

const HOUR = 3600;
/** The public form's limits: generous for a family, tight for a script (docs/security.md). */
export const APPLICATION_LIMITS = {
  ip: (ip: string): RateRule => ({ key: `apply:ip:${ip}`, limit: 10, windowSeconds: HOUR, perAddress: true }),
  school: (schoolId: string): RateRule => ({ key: `apply:school:${schoolId}`, limit: 300, windowSeconds: HOUR }),
};

/**
 * Admissions (DECISIONS "Admissions"): the public application with the guardian's consent
 * (recorded with time, purpose and policy version, as the DPDP Act 2023 asks for a child's data),
 * the school's queue, admit (makes the student; the trial limit applies) and reject with a reason.
 * The guardian is e-mailed at each step; a failed e-mail never undoes the step.
 */
@Injectable()
export class AdmissionsService {
  constructor(
    private readonly repo: StudentsRepository,
    private readonly students: StudentsService,
    private readonly access: AccessService,
    private readonly writes: SchoolWrites,
    private readonly rates: RateLimitService,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly clock: Clock,
  ) {}

  /** POST /public/schools/{subdomain}/applications → {applicationNumber}; 404 unless the school is active. */
  /** GET /public/schools/{subdomain}/front-door: an active school's contact details, address, principal, board and affiliation. */
  async frontDoor(subdomain: string): Promise<SchoolFrontDoorResult> {
    const r = /^[a-z0-9-]{1,50}$/i.test(subdomain) ? await this.repo.frontDoor(subdomain) : null;
    if (!r) throw new DomainException('SCHOOL_NOT_FOUND');
    return {
      school: {
        name: r.name,
        subdomain: r.subdomain,
        level: r.level,
        board: r.board,
        affiliationNumber: r.affiliation_number,
        principalName: r.principal_name,
        email: r.email,
        phoneNumbers: r.phone_numbers ?? [],
        address: { address1: r.address1, address2: r.address2, locality: r.locality, landmark: r.landmark, city: r.city, state: r.state, pinCode: r.pin_code },
      },
    };
  }

  async apply(subdomain: string, input: CreateApplicationInput, ip: string): Promise<ApplicationReceipt> {
    await this.rates.hit(APPLICATION_LIMITS.ip(ip));
    ensureBornBy(input.dateOfBirth, this.clock.now());
    const school = /^[a-z0-9-]{1,50}$/i.test(subdomain) ? await this.repo.activeSchoolBySubdomain(subdomain) : null;
    if (!school) throw new DomainException('SCHOOL_NOT_FOUND');
    await this.rates.hit(APPLICATION_LIMITS.school(school.id));
    const row = await this.writes.run({ schoolId: school.id, userId: null }, async (tx) => {
      const repo = this.repo.in(tx.m);
      const { first, prefix, digits } = await repo.take('application', 1, { prefix: 'APP-', digits: 5 });
      const row = await repo.insertApplication({
        applicationNumber: formatAdmissionNumber({ prefix, digits }, first),
        firstName: input.firstName,
        lastName: input.lastName ?? null,
        dateOfBirth: input.dateOfBirth,
        gender: input.gender,
        classApplied: input.classApplied,
        guardian: input.guardian,
        rte: input.rte ?? false,
        consentPurpose: ADMISSION_CONSENT.purpose,
        consentPolicyVersion: ADMISSION_CONSENT.policyVersion,
        now: tx.now,
      });
      await tx.audit({
        action: 'application.received',
        entity: 'application',
        entityId: row.id,
        after: { applicationNumber: row.application_number, classApplied: row.class_applied, rte: row.rte, consent: toApplication(row).consent },
      });
      return row;
    });
    await this.notify(row, school.name, school.subdomain, 'received');
    return { applicationNumber: row.application_number };
  }

  async list(ctx: WorkspaceContext, status: ApplicationStatus | 'all', page: number, pageSize: number): Promise<ApplicationList> {
    const { rows, total } = await this.repo.listApplications(status, page, pageSize);
    return { items: rows.map(toApplication), total, page, pageSize };
  }

  async get(ctx: WorkspaceContext, id: string): Promise<ApplicationResult> {
    await this.access.require(ctx, 'application', [id]);
    const row = await this.repo.findApplication(id);
    if (!row) throw new DomainException('NOT_FOUND');
    return { application: toApplication(row) };
  }

  /** PATCH …/applications/{id} {status:'under_review'}: the office has started looking at it. */
  async review(ctx: WorkspaceContext, id: string): Promise<ApplicationResult> {
    await this.access.require(ctx, 'application', [id]);
    return this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const before = await repo.findApplication(id, true);
      if (!before) throw new DomainException('NOT_FOUND');
      if (before.status === 'under_review') {
        tx.nothingChanged();
        return { application: toApplication(before) };
      }
      if (before.status !== 'new') throw new DomainException('APPLICATION_DECIDED');
      const after = await repo.decideApplication(id, { status: 'under_review', by: ctx.userId, now: tx.now });
      await tx.audit({ action: 'application.under_review', entity: 'application', entityId: id, before: { status: before.status }, after: { status: after.status } });
      return { application: toApplication(after) };
    });
  }

  /** POST …/applications/{id}/admit {sectionId}: makes the student in that section (the limit applies). */
  async admit(ctx: WorkspaceContext, id: string, input: AdmitApplicationInput): Promise<AdmitResult> {
    await this.access.require(ctx, 'application', [id]);
    const section = await this.students.section(ctx, input.sectionId);
    let result: { row: ApplicationRow; studentId: string; student: AdmitResult['student'] };
    try {
      result = await this.writes.run(ctx, async (tx) => {
        const repo = this.repo.in(tx.m);
        const app = await repo.findApplication(id, true);
        if (!app) throw new DomainException('NOT_FOUND');
        if (app.status === 'admitted' || app.status === 'rejected') throw new DomainException('APPLICATION_DECIDED');
        const studentId = await this.students.createIn(
          tx,
          {
            admissionNumber: input.admissionNumber,
            firstName: app.first_name,
            lastName: app.last_name ?? undefined,
            dateOfBirth: app.date_of_birth,
            gender: app.gender,
            rollNumber: input.rollNumber,
            guardians: [{ name: app.guardian_name, relation: app.guardian_relation, phone: app.guardian_phone, email: app.guardian_email }],
            rte: app.rte,
            admissionDate: tx.now.toISOString().slice(0, 10),
          },
          section,
          app.id,
        );
        const row = await repo.decideApplication(id, { status: 'admitted', studentId, by: ctx.userId, now: tx.now });
        const student = toStudent((await repo.find(studentId))!);
        await tx.audit({ action: 'student.created', entity: 'student', entityId: studentId, after: student });
        await tx.audit({ action: 'application.admitted', entity: 'application', entityId: id, before: { status: app.status }, after: { status: 'admitted', studentId } });
        return { row, studentId, student };
      });
    } catch (e) {
      studentConflict(e);
    }
    const school = await this.repo.schoolOf();
    await this.notify(result.row, school?.name ?? '', school?.subdomain ?? '', 'admitted', `${section.class_name} ${section.section_name}`, result.student.admissionNumber);
    return { application: toApplication(result.row), student: result.student };
  }

  /** POST …/applications/{id}/reject {reason}. */
  async reject(ctx: WorkspaceContext, id: string, reason: string): Promise<ApplicationResult> {
    await this.access.require(ctx, 'application', [id]);
    const row = await this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const app = await repo.findApplication(id, true);
      if (!app) throw new DomainException('NOT_FOUND');
      if (app.status === 'admitted' || app.status === 'rejected') throw new DomainException('APPLICATION_DECIDED');
      const row = await repo.decideApplication(id, { status: 'rejected', reason, by: ctx.userId, now: tx.now });
      await tx.audit({ action: 'application.rejected', entity: 'application', entityId: id, before: { status: app.status }, after: { status: 'rejected', reason } });
      return row;
    });
    const school = await this.repo.schoolOf();
    await this.notify(row, school?.name ?? '', school?.subdomain ?? '', 'rejected');
    return { application: toApplication(row) };
  }

  private async notify(app: ApplicationRow, schoolName: string, subdomain: string, what: 'received' | 'admitted' | 'rejected', placement?: string, admissionNumber?: string) {
    const child = app.last_name ? `${app.first_name} ${app.last_name}` : app.first_name;
    const portal = schoolPortalUrl(subdomain, this.config.appDomain);
    const mails = {
      received: {
        subject: `Application ${app.application_number} received`,
        heading: `Thank you for applying to ${schoolName}`,
        paragraphs: [
          `Dear ${app.guardian_name}, ${schoolName} has received the application for ${child} to ${app.class_applied}. Its number is ${app.application_number}.`,
          `You agreed that the school may process the details you gave for this purpose: ${app.consent_purpose}`,
          `The school will write to you when it has decided. You can reach the school through ${portal}.`,
        ],
      },
      admitted: {
        subject: `${child} has been admitted`,
        heading: `Welcome to ${schoolName}`,
        paragraphs: [
          `Dear ${app.guardian_name}, we are glad to tell you that ${child} has been admitted to ${placement ?? app.class_applied} (application ${app.application_number}).`,
          `The admission number is ${admissionNumber ?? ''}. The school office will contact you about the next steps.`,
        ],
      },
      rejected: {
        subject: `Application ${app.application_number}`,
        heading: `About your application to ${schoolName}`,
        paragraphs: [
          `Dear ${app.guardian_name}, we are sorry that ${schoolName} cannot offer ${child} a place in ${app.class_applied} (application ${app.application_number}).`,
          `The school gave this reason: ${app.rejection_reason ?? ''}`,
        ],
      },
    }[what];
    try {
      await this.mail.send({ to: app.guardian_email, ...brandedMail(mails) });
    } catch {
      this.logger.warn({ applicationId: app.id, what }, 'The guardian could not be e-mailed about an application');
    }
  }
}
