import { Injectable } from '@nestjs/common';
import {
  CONSENT_KINDS,
  type ConsentEvent,
  type ConsentEventList,
  type ConsentState,
  type CreateDataRequestInput,
  type DataHeld,
  type DataRequest,
  type DataRequestList,
  type DataRequestResult,
  type ListConsentEventsQuery,
  type ListDataRequestsQuery,
  type RecordConsentInput,
  type ResolveDataRequestInput,
  type StudentDataRights,
} from '@vidyalaya/shared/guardians';
import { DomainException } from '../../common/domain.exception';
import { AccessService } from '../../common/workspace/access.service';
import { SchoolWrites } from '../../common/workspace/school-writes';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import type { EntityManager } from 'typeorm';
import { PeopleService } from '../members';
import { GuardiansRepository, type ConsentEventRow, type DataRequestRow, type StudentHeldRow } from './guardians.repository';

/** The name of `id` in `names` (PeopleService), or null. */
const nameIn = (names: ReadonlyMap<string, string>, id: string | null): string | null => (id && names.get(id)) ?? null;

/** A consent event's answer; `names` holds the recorders' names by id. */
export function toConsentEvent(r: ConsentEventRow, names: ReadonlyMap<string, string>): ConsentEvent {
  return { id: r.id, studentId: r.student_id, studentName: r.student_name, kind: r.kind, status: r.status, source: r.source, byName: nameIn(names, r.recorded_by), note: r.note, at: r.recorded_at.toISOString() };
}

/** A data request's answer; `names` holds the requesters' and resolvers' names by id. */
export function toDataRequest(r: DataRequestRow, names: ReadonlyMap<string, string>): DataRequest {
  return {
    id: r.id,
    studentId: r.student_id,
    studentName: r.student_name,
    kind: r.kind,
    field: r.field,
    message: r.message,
    status: r.status,
    requestedByName: nameIn(names, r.requested_by),
    requestedAt: r.requested_at.toISOString(),
    resolvedByName: nameIn(names, r.resolved_by),
    resolvedAt: r.resolved_at ? r.resolved_at.toISOString() : null,
    resolutionNote: r.resolution_note,
  };
}

/** The student record's fields by category, as the data-rights page lists them (DPDP Act 2023, s. 11: a summary of the data held). */
const HELD: Record<DataHeld['category'], string[]> = {
  identity: ['first_name', 'last_name', 'date_of_birth', 'gender'],
  enrolment: ['admission_number', 'admission_date', 'class_id', 'section_id', 'roll_number'],
  guardians: ['guardians'],
  identifiers: ['pen', 'apaar_id', 'aadhaar'],
  background: ['mother_tongue', 'social_category', 'religion', 'blood_group', 'cwsn', 'rte', 'bpl'],
  address: ['address1', 'locality', 'city', 'state', 'pin_code'],
  photo: ['photo'],
};
const camel = (s: string) => s.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());

export function dataHeld(row: StudentHeldRow): DataHeld[] {
  return (Object.keys(HELD) as DataHeld['category'][]).map((category) => ({
    category,
    fields: HELD[category].map((column) => {
      const v = row[column];
      const held = column === 'guardians' ? Number(v) > 0 : typeof v === 'boolean' ? v : v !== null && v !== undefined && v !== '';
      return { field: camel(column), held };
    }),
  }));
}

/**
 * Consent and data rights (DPDP Act 2023, children's data; docs/guardians.md): a guardian sees
 * what the school holds about each of their children and the consents given (admission from the
 * application, photo, APAAR), records a consent given or withdrawn (kept with time and who, and
 * visible to the school), and asks for a correction; the office lists the requests and answers them.
 */
@Injectable()
export class ConsentsService {
  constructor(
    private readonly repo: GuardiansRepository,
    private readonly access: AccessService,
    private readonly writes: SchoolWrites,
    private readonly people: PeopleService,
  ) {}

  /** The names of the people a page of consents and requests mentions, in one lookup. */
  private namesOf(consents: readonly ConsentEventRow[], requests: readonly DataRequestRow[], tx?: EntityManager): Promise<Map<string, string>> {
    return this.people.names([...consents.map((c) => c.recorded_by), ...requests.flatMap((r) => [r.requested_by, r.resolved_by])], tx);
  }

  /** GET …/students/{studentId}/data-rights. */
  async dataRights(ctx: WorkspaceContext, studentId: string): Promise<StudentDataRights> {
    await this.access.require(ctx, 'student', [studentId]);
    const [row, history, requests] = await Promise.all([
      this.repo.studentHeld(studentId),
      this.repo.consentHistory(studentId),
      this.repo.requests({ status: 'all', studentIds: null, studentId, page: 1, pageSize: 200 }),
    ]);
    if (!row) throw new DomainException('NOT_FOUND');
    const names = await this.namesOf(history, requests.rows);
    const consents: ConsentState[] = CONSENT_KINDS.map((kind) => {
      const latest = history.find((h) => h.kind === kind);
      if (latest) return { kind, status: latest.status, at: latest.recorded_at.toISOString(), source: latest.source, byName: nameIn(names, latest.recorded_by), note: latest.note, purpose: null };
      if (kind === 'admission' && row.application_consent_at instanceof Date) {
        return {
          kind,
          status: 'given',
          at: row.application_consent_at.toISOString(),
          source: 'application',
          byName: (row.application_guardian as string | null) ?? null,
          note: null,
          purpose: (row.application_consent_purpose as string | null) ?? null,
        };
      }
      return { kind, status: 'not_recorded', at: null, source: null, byName: null, note: null, purpose: null };
    });
    return {
      studentId: row.id,
      studentName: row.name,
      held: dataHeld(row),
      consents,
      history: history.map((h) => toConsentEvent(h, names)),
      requests: requests.rows.map((r) => toDataRequest(r, names)),
    };
  }

  /** POST …/students/{studentId}/consents: given or withdrawn, by a guardian (their child) or the office (a paper form). */
  async record(ctx: WorkspaceContext, studentId: string, input: RecordConsentInput): Promise<{ consent: ConsentEvent }> {
    await this.access.require(ctx, 'student', [studentId]);
    return this.writes.run(ctx, async (tx) => {
      const row = await this.repo.in(tx.m).insertConsent({
        studentId,
        kind: input.kind,
        status: input.status,
        source: ctx.role === 'guardian' ? 'guardian' : 'school',
        by: ctx.userId,
        note: input.note ?? null,
        at: tx.now,
      });
      const consent = toConsentEvent(row, await this.namesOf([row], [], tx.m));
      await tx.audit({ action: `consent.${input.status}`, entity: 'student', entityId: studentId, after: consent });
      return { consent };
    });
  }

  /** GET …/consents: the consent log, newest first (the office sees every withdrawal; a guardian their children's). */
  async events(ctx: WorkspaceContext, q: ListConsentEventsQuery): Promise<ConsentEventList> {
    const studentIds = await this.access.guardianStudentIds(ctx);
    const { rows, total } = await this.repo.consentEvents({ status: q.status, studentIds, page: q.page, pageSize: q.pageSize });
    const names = await this.namesOf(rows, []);
    return { items: rows.map((r) => toConsentEvent(r, names)), total, page: q.page, pageSize: q.pageSize };
  }

  /** POST …/students/{studentId}/data-requests: a guardian asks for a correction (or erasure). */
  async createRequest(ctx: WorkspaceContext, studentId: string, input: CreateDataRequestInput): Promise<DataRequestResult> {
    await this.access.require(ctx, 'student', [studentId]);
    return this.writes.run(ctx, async (tx) => {
      const row = await this.repo.in(tx.m).insertRequest({
        studentId,
        kind: input.kind,
        field: input.field ?? null,
        message: input.message,
        by: ctx.userId,
        at: tx.now,
      });
      const request = toDataRequest(row, await this.namesOf([], [row], tx.m));
      await tx.audit({ action: 'data_request.created', entity: 'data_request', entityId: row.id, after: request });
      return { request };
    });
  }

  /** GET …/data-requests?status=: the office's queue (open by default); a guardian sees their own children's. */
  async requests(ctx: WorkspaceContext, q: ListDataRequestsQuery): Promise<DataRequestList> {
    const studentIds = await this.access.guardianStudentIds(ctx);
    const status = q.status ?? (studentIds ? 'all' : 'open');
    const { rows, total } = await this.repo.requests({ status, studentIds, page: q.page, pageSize: q.pageSize });
    const names = await this.namesOf([], rows);
    return { items: rows.map((r) => toDataRequest(r, names)), total, page: q.page, pageSize: q.pageSize };
  }

  /** POST …/data-requests/{requestId}/resolve: resolved (the record corrected) or declined, with a note; once. */
  async resolve(ctx: WorkspaceContext, requestId: string, input: ResolveDataRequestInput): Promise<DataRequestResult> {
    await this.access.require(ctx, 'dataRequest', [requestId]);
    return this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      await repo.lockRequest(requestId);
      const before = await repo.findRequest(requestId);
      if (!before) throw new DomainException('NOT_FOUND');
      if (before.status !== 'open') throw new DomainException('DATA_REQUEST_CLOSED');
      await repo.resolveRequest(requestId, input.status, ctx.userId, input.note ?? null, tx.now);
      const after = (await repo.findRequest(requestId))!;
      const names = await this.namesOf([], [before, after], tx.m);
      const request = toDataRequest(after, names);
      await tx.audit({ action: `data_request.${input.status}`, entity: 'data_request', entityId: requestId, before: toDataRequest(before, names), after: request });
      return { request };
    });
  }
}
