import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { ApprovalStatus, PlanType, SchoolLevel } from '@vidyalaya/shared';
import { UserEntity } from '../auth';

/** A school, owned by exactly one administrator (owner_id is unique). */
@Entity('schools')
export class SchoolEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ name: 'owner_id', type: 'uuid' }) ownerId!: string;
  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id' })
  owner?: UserEntity;
  @Column({ type: 'varchar', length: 255 }) name!: string;
  @Column({ type: 'varchar', length: 50 }) subdomain!: string;
  @Column({ name: 'school_code', type: 'varchar', length: 50, nullable: true }) schoolCode!: string | null;
  @Column({ name: 'affiliation_number', type: 'varchar', length: 50, nullable: true }) affiliationNumber!: string | null;
  @Column({ type: 'varchar', length: 20 }) level!: SchoolLevel;
  @Column({ type: 'varchar', length: 255, nullable: true }) board!: string | null;
  @Column({ name: 'principal_name', type: 'varchar', length: 255, nullable: true }) principalName!: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) email!: string | null;
  @Column({ name: 'phone_numbers', type: 'text', array: true }) phoneNumbers!: string[];
  @Column({ name: 'established_year', type: 'integer', nullable: true }) establishedYear!: number | null;
  @Column({ type: 'varchar', length: 50, nullable: true }) language!: string | null;
  @Column({ type: 'varchar', length: 255 }) address1!: string;
  @Column({ type: 'varchar', length: 255, nullable: true }) address2!: string | null;
  @Column({ type: 'varchar', length: 100 }) locality!: string;
  @Column({ type: 'varchar', length: 100 }) city!: string;
  @Column({ type: 'varchar', length: 100 }) state!: string;
  @Column({ type: 'varchar', length: 100 }) country!: string;
  @Column({ name: 'pin_code', type: 'varchar', length: 10 }) pinCode!: string;
  @Column({ type: 'varchar', length: 255, nullable: true }) landmark!: string | null;
  @Column({ name: 'is_active', type: 'boolean', default: false }) isActive!: boolean;
  @Column({ name: 'approval_status', type: 'varchar', length: 16, default: 'pending' }) approvalStatus!: ApprovalStatus;
  @Column({ name: 'rejection_reason', type: 'text', nullable: true }) rejectionReason!: string | null;
  @Column({ name: 'plan_type', type: 'varchar', length: 20, default: 'free_trial' }) planType!: PlanType;
  @Column({ name: 'approved_at', type: 'timestamptz', nullable: true }) approvedAt!: Date | null;
  @Column({ name: 'trial_ends_at', type: 'timestamptz', nullable: true }) trialEndsAt!: Date | null;
  @Column({ name: 'max_students', type: 'integer', default: 100 }) maxStudents!: number;
  /** Kept by a trigger on `students` (migration 1764300000000); never written by the app. */
  @Column({ name: 'active_students', type: 'integer', default: 0, insert: false, update: false }) activeStudents!: number;
  @Column({ name: 'submitted_at', type: 'timestamptz' }) submittedAt!: Date;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
