import { Injectable } from '@nestjs/common';
import { formatRupees, type Page } from '@vidyalaya/shared';
import {
  type CreateFeeHeadInput,
  type CreateFeeStructureInput,
  type FeeClassList,
  type FeeHead,
  type FeeHeadResult,
  type FeeSettings,
  type FeeSettingsInput,
  type FeeStructure,
  type FeeStructureResult,
  type ListFeeStructuresQuery,
  type PutLateFeeInput,
  type UpdateFeeStructureInput,
} from '@vidyalaya/shared/fees';
import { DomainException } from '../../common/domain.exception';
import { AccessService } from '../../common/workspace/access.service';
import { SchoolWrites } from '../../common/workspace/school-writes';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { violatedUniqueIndex } from '../../database/unique-violation';
import { FeesRepository, type StructureRow } from './fees.repository';
import { n, toHead, toStructure } from './fees.service';
import { AcademicsService } from '../academics/academics.service';

/** Fees' set-up (DECISIONS "Fees"): the heads, the structures per class with their instalments and late-fee rule, the school's UPI settings. */
@Injectable()
export class FeeSetupService {
  constructor(
    private readonly repo: FeesRepository,
    private readonly access: AccessService,
    private readonly writes: SchoolWrites,
    private readonly academics: AcademicsService,
  ) {}

  // ── heads ──────────────────────────────────────────────────────────────
  async listHeads(): Promise<Page<FeeHead>> {
    const rows = await this.repo.heads();
    return { items: rows.map(toHead), total: rows.length, page: 1, pageSize: Math.max(rows.length, 1) };
  }

  async createHead(ctx: WorkspaceContext, input: CreateFeeHeadInput): Promise<FeeHeadResult> {
    try {
      return await this.writes.run(ctx, async (tx) => {
        const repo = this.repo.in(tx.m);
        if (await repo.headNameTaken(input.name)) throw new DomainException('FEE_HEAD_EXISTS', { details: { name: 'A fee head with this name already exists' } });
        const head = toHead(await repo.createHead(input.name, input.tuition, tx.now));
        await tx.audit({ action: 'fee_head.created', entity: 'fee_head', entityId: head.id, after: head });
        return { head };
      });
    } catch (e) {
      if (violatedUniqueIndex(e) === 'fee_heads_name_uq') throw new DomainException('FEE_HEAD_EXISTS', { details: { name: 'A fee head with this name already exists' } });
      throw e;
    }
  }

  // ── structures ─────────────────────────────────────────────────────────
  async classes(): Promise<FeeClassList> {
    const rows = await this.repo.classesWithStructure();
    const items = rows.map((r) => ({ classId: r.class_id, name: r.name, academicYear: r.academic_year, structureId: r.structure_id }));
    return { items, total: items.length, page: 1, pageSize: Math.max(items.length, 1) };
  }

  private async structuresOf(rows: StructureRow[]): Promise<FeeStructure[]> {
    if (rows.length === 0) return [];
    const items = await this.repo.itemsOf(rows.map((r) => r.id));
    return rows.map((r) => toStructure(r, items));
  }

  async listStructures(q: ListFeeStructuresQuery): Promise<Page<FeeStructure>> {
    const rows = await this.repo.structures({ classId: q.classId, academicYear: q.academicYear });
    const slice = rows.slice((q.page - 1) * q.pageSize, q.page * q.pageSize);
    return { items: await this.structuresOf(slice), total: rows.length, page: q.page, pageSize: q.pageSize };
  }

  async getStructure(ctx: WorkspaceContext, structureId: string): Promise<FeeStructureResult> {
    await this.access.require(ctx, 'feeStructure', [structureId]);
    const [structure] = await this.structuresOf(await this.repo.structures({ ids: [structureId] }));
    if (!structure) throw new DomainException('NOT_FOUND');
    return { structure };
  }

  async createStructure(ctx: WorkspaceContext, input: CreateFeeStructureInput): Promise<FeeStructureResult> {
    await this.access.require(ctx, 'class', [input.classId]);
    const headIds = [...new Set(input.instalments.flatMap((i) => i.items.map((x) => x.headId)))];
    await this.access.require(ctx, 'feeHead', headIds);
    const cls = await this.academics.classOf(input.classId);
    if (!cls) throw new DomainException('NOT_FOUND');
    if (cls.academic_year !== input.academicYear) {
      throw new DomainException('VALIDATION_FAILED', { details: { academicYear: `This class belongs to the academic year ${cls.academic_year}` } });
    }
    try {
      const id = await this.writes.run(ctx, async (tx) => {
        const repo = this.repo.in(tx.m);
        if (await repo.structureForClass(input.classId)) throw new DomainException('FEE_STRUCTURE_EXISTS');
        const lateFee = input.lateFee ? { ...input.lateFee, cap: input.lateFee.cap ?? null } : null;
        const structureId = await repo.insertStructure({ classId: input.classId, academicYear: input.academicYear, lateFee }, input.instalments, tx.now);
        const [structure] = await this.structuresOfIn(repo, structureId);
        await tx.audit({ action: 'fee_structure.created', entity: 'fee_structure', entityId: structureId, after: structure });
        return structureId;
      });
      return this.getStructure(ctx, id);
    } catch (e) {
      if (violatedUniqueIndex(e) === 'fee_structures_class_uq') throw new DomainException('FEE_STRUCTURE_EXISTS');
      throw e;
    }
  }

  private async structuresOfIn(repo: FeesRepository, id: string): Promise<FeeStructure[]> {
    const rows = await repo.structures({ ids: [id] });
    const items = await repo.itemsOf([id]);
    return rows.map((r) => toStructure(r, items));
  }

  async setLateFee(ctx: WorkspaceContext, structureId: string, input: PutLateFeeInput): Promise<FeeStructureResult> {
    await this.access.require(ctx, 'feeStructure', [structureId]);
    await this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const [before] = await this.structuresOfIn(repo, structureId);
      const rule = input.lateFee ? { ...input.lateFee, cap: input.lateFee.cap ?? null } : null;
      await repo.setLateFee(structureId, rule, tx.now);
      await tx.audit({ action: 'fee_structure.late_fee_set', entity: 'fee_structure', entityId: structureId, before: { lateFee: before.lateFee }, after: { lateFee: rule } });
    });
    return this.getStructure(ctx, structureId);
  }

  /**
   * Edits a structure's instalments (and, when given, its late-fee rule) in one audited write. An
   * edit that would leave a payment without its instalment or head, or make a head's amount less
   * than what active receipts have paid on it, is refused (409 FEE_STRUCTURE_PAID) with nothing
   * changed; the first such problem is the message, each is a detail.
   */
  async updateStructure(ctx: WorkspaceContext, structureId: string, input: UpdateFeeStructureInput): Promise<FeeStructureResult> {
    await this.access.require(ctx, 'feeStructure', [structureId]);
    const headIds = [...new Set(input.instalments.flatMap((i) => i.items.map((x) => x.headId)))];
    await this.access.require(ctx, 'feeHead', headIds);
    await this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      if (!(await repo.lockStructure(structureId))) throw new DomainException('NOT_FOUND');
      const [before] = await this.structuresOfIn(repo, structureId);
      const existing = new Map(before.instalments.map((i) => [i.id, i]));
      const details: Record<string, string> = {};
      input.instalments.forEach((inst, i) => {
        if (inst.id && !existing.has(inst.id)) details[`instalments.${i}.id`] = 'This instalment is not part of this fee structure';
      });
      if (Object.keys(details).length > 0) throw new DomainException('VALIDATION_FAILED', { details });
      const kept = new Set(input.instalments.flatMap((i) => (i.id ? [i.id] : [])));
      const removed = before.instalments.filter((i) => !kept.has(i.id));
      const allocations = await repo.allocationsOfStructure(structureId);
      for (const inst of removed) {
        if (allocations.some((a) => a.instalment_id === inst.id)) {
          details[`instalment.${inst.id}`] = `${inst.name}: receipts are recorded against this instalment, so it cannot be removed`;
        }
      }
      input.instalments.forEach((inst, i) => {
        if (!inst.id) return;
        const old = existing.get(inst.id)!;
        for (const a of allocations.filter((x) => x.instalment_id === inst.id && x.head_id !== null && n(x.paid) > 0)) {
          const headName = old.items.find((x) => x.headId === a.head_id)?.headName ?? '';
          const item = inst.items.find((x) => x.headId === a.head_id);
          const paid = formatRupees(n(a.paid));
          const j = item ? inst.items.indexOf(item) : -1;
          if (!item) details[`instalments.${i}.items`] = `${inst.name}: ${paid} is paid on ${headName}, so it cannot be removed`;
          else if (item.amount < n(a.paid)) details[`instalments.${i}.items.${j}.amount`] = `${inst.name}: ${headName} cannot be less than the ${paid} already paid`;
        }
      });
      const problems = Object.values(details);
      if (problems.length > 0) throw new DomainException('FEE_STRUCTURE_PAID', { message: `${problems[0]}.`, details });
      await repo.replaceInstalments(
        structureId,
        input.instalments,
        removed.map((i) => i.id),
        tx.now,
      );
      if (input.lateFee !== undefined) {
        await repo.setLateFee(structureId, input.lateFee ? { ...input.lateFee, cap: input.lateFee.cap ?? null } : null, tx.now);
      }
      const [after] = await this.structuresOfIn(repo, structureId);
      await tx.audit({ action: 'fee_structure.updated', entity: 'fee_structure', entityId: structureId, before, after });
    });
    return this.getStructure(ctx, structureId);
  }

  async getSettings(): Promise<{ settings: FeeSettings }> {
    const s = await this.repo.settings();
    return { settings: { upiId: s?.upi_id ?? null, upiName: s?.upi_name ?? null } };
  }

  async putSettings(ctx: WorkspaceContext, input: FeeSettingsInput): Promise<{ settings: FeeSettings }> {
    return this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const before = await repo.settings();
      const settings = { upiId: input.upiId ?? null, upiName: input.upiName ?? null };
      await repo.saveSettings(settings.upiId, settings.upiName, tx.now);
      await tx.audit({ action: 'fee_settings.updated', entity: 'fee_settings', entityId: ctx.schoolId, before: { upiId: before?.upi_id ?? null, upiName: before?.upi_name ?? null }, after: settings });
      return { settings };
    });
  }
}
