import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A subject schools pick from (seeded by a migration, in catalogue order). */
@Entity('global_subjects')
export class GlobalSubjectEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'varchar', length: 100 }) name!: string;
  @Column({ type: 'varchar', length: 20 }) code!: string;
  @Column({ type: 'text', nullable: true }) description!: string | null;
  @Column({ name: 'sort_order', type: 'integer' }) sortOrder!: number;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}

/** A catalogue class of a school for one academic year; (school, year, name) is unique. */
@Entity('classes')
export class ClassEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ name: 'school_id', type: 'uuid' }) schoolId!: string;
  @Column({ name: 'academic_year', type: 'varchar', length: 7 }) academicYear!: string;
  @Column({ type: 'varchar', length: 20 }) name!: string;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}

/** A section of a class; names are unique in their class ignoring case. */
@Entity('sections')
export class SectionEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ name: 'class_id', type: 'uuid' }) classId!: string;
  @Column({ type: 'varchar', length: 20 }) name!: string;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}

/** A global subject taught in a class; (class, subject) is unique. */
@Entity('class_subjects')
export class ClassSubjectEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ name: 'class_id', type: 'uuid' }) classId!: string;
  @Column({ name: 'subject_id', type: 'uuid' }) subjectId!: string;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
