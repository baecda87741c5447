import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { PublicUser } from '@vidyalaya/shared/auth';

export type UserRole = 'admin' | 'staff';

@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'varchar', length: 30 }) username!: string;
  @Column({ type: 'varchar', length: 255 }) email!: string;
  @Column({ name: 'password_hash', type: 'text' }) passwordHash!: string;
  @Column({ type: 'varchar', length: 16, default: 'admin' }) role!: UserRole;
  @Column({ name: 'is_email_verified', type: 'boolean', default: false }) isEmailVerified!: boolean;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}

export function toPublicUser(u: UserEntity): PublicUser {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    role: u.role,
    isEmailVerified: u.isEmailVerified,
    createdAt: u.createdAt.toISOString(),
  };
}
