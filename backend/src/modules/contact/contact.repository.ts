import { Injectable } from '@nestjs/common';
import type { ContactInput } from '@vidyalaya/shared/contact';
import { DataSource } from 'typeorm';
import { Repository } from '../../database/repository';
import { ContactMessageEntity } from './contact-message.entity';

/** Every query on the contact module's table, `contact_messages`. */
@Injectable()
export class ContactRepository extends Repository {
  constructor(db: DataSource) {
    super(db);
  }

  /** Stores a message (not yet e-mailed) and answers it with its id. */
  async store(input: ContactInput, ip: string, now: Date): Promise<ContactMessageEntity> {
    const repo = this.m.getRepository(ContactMessageEntity);
    const stored = repo.create({ ...input, ip, emailedAt: null, createdAt: now });
    await repo.insert(stored);
    return stored;
  }

  async markEmailed(id: string, now: Date): Promise<void> {
    await this.m.getRepository(ContactMessageEntity).update({ id }, { emailedAt: now });
  }
}
