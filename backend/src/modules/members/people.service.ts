import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { MembersRepository, type PersonRow } from './members.repository';

/** A person as the bound school knows them. */
export interface Person {
  id: string;
  /** The school's name for them (given when they were invited), else their username. */
  name: string;
  /** The school's name for them alone (null when it gave none). */
  memberName: string | null;
  username: string;
  email: string;
}

/**
 * People's names, usernames and addresses as the bound school knows them: the one lookup every
 * module that shows who did something uses (the audit log, receipts, notices, certificates,
 * attendance, consents), instead of joining `users` and `school_members` itself (issue 34 item 3).
 * The members module owns the lookup; a caller collects the ids of one answer and asks once.
 */
@Injectable()
export class PeopleService {
  constructor(private readonly repo: MembersRepository) {}

  /**
   * The people with these ids, by id; null and repeated ids are ignored, an unknown id is absent.
   * `tx` runs the read inside the caller's transaction (on the embedded database a second
   * connection would wait for the very transaction that waits for it).
   */
  async of(ids: Iterable<string | null | undefined>, tx?: EntityManager): Promise<Map<string, Person>> {
    const wanted = [...new Set([...ids].filter((id): id is string => !!id))];
    if (wanted.length === 0) return new Map();
    const repo = tx ? this.repo.in(tx) : this.repo;
    const rows = await repo.people(wanted);
    return new Map(rows.map((r) => [r.id, toPerson(r)]));
  }

  /** The name of each id, by id (a shorthand of `of`). */
  async names(ids: Iterable<string | null | undefined>, tx?: EntityManager): Promise<Map<string, string>> {
    const people = await this.of(ids, tx);
    return new Map([...people].map(([id, p]) => [id, p.name]));
  }

  /** The e-mail addresses of the school's admins, sorted. */
  adminEmails(): Promise<string[]> {
    return this.repo.adminEmails();
  }
}

function toPerson(r: PersonRow): Person {
  return { id: r.id, name: r.name, memberName: r.member_name, username: r.username, email: r.email };
}
