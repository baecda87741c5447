import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A message from the public contact form; emailed_at stays null while it has not reached CONTACT_INBOX. */
@Entity('contact_messages')
export class ContactMessageEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'varchar', length: 100 }) name!: string;
  @Column({ type: 'varchar', length: 255 }) email!: string;
  @Column({ type: 'varchar', length: 255 }) school!: string;
  @Column({ type: 'text' }) message!: string;
  @Column({ type: 'varchar', length: 64, nullable: true }) ip!: string | null;
  @Column({ name: 'emailed_at', type: 'timestamptz', nullable: true }) emailedAt!: Date | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
