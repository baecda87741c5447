import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { OtpPurpose } from '@vidyalaya/shared';

/** A one-time code (table otp_codes): one live row per user and purpose, the code kept only as a hash. */
@Entity('otp_codes')
export class OtpEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId!: string;
  @Column({ type: 'varchar', length: 32 }) purpose!: OtpPurpose;
  @Column({ name: 'code_hash', type: 'char', length: 64 }) codeHash!: string;
  @Column({ type: 'integer', default: 0 }) attempts!: number;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt!: Date;
  @Column({ name: 'consumed_at', type: 'timestamptz', nullable: true }) consumedAt!: Date | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
