import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { SchoolDecisionKind } from '@vidyalaya/shared/admin';
import { UserEntity } from '../auth';
import { SchoolEntity } from '../schools';

/** One staff decision on a school: who, when, what and why (kept forever, newest last). */
@Entity('school_decisions')
export class SchoolDecisionEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ name: 'school_id', type: 'uuid' }) schoolId!: string;
  @ManyToOne(() => SchoolEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'school_id' })
  school?: SchoolEntity;
  @Column({ type: 'varchar', length: 16 }) decision!: SchoolDecisionKind;
  @Column({ type: 'text', nullable: true }) reason!: string | null;
  @Column({ name: 'decided_by', type: 'uuid' }) decidedById!: string;
  @ManyToOne(() => UserEntity)
  @JoinColumn({ name: 'decided_by' })
  decidedBy?: UserEntity;
  @Column({ name: 'decided_at', type: 'timestamptz' }) decidedAt!: Date;
}
