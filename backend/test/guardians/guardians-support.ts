import { randomUUID } from 'node:crypto';
import type { SchoolWithMembers, TestApp } from '../support/app';
import type { SmtpSink } from '../support/smtp-sink';

export const PASSWORD = 'Kanpur-Chalk-4217';

/** A student made through the API (as the office does) with one guardian e-mail; answers its id. */
export async function addStudent(
  t: TestApp,
  s: SchoolWithMembers,
  sectionId: string,
  firstName: string,
  guardianEmail: string | null,
): Promise<{ id: string; admissionNumber: string; name: string }> {
  const lastName = `Verma${randomUUID().slice(0, 4)}`;
  const res = await t.call('POST', `/schools/${s.schoolId}/students`, {
    token: s.members.office.token,
    body: {
      firstName,
      lastName,
      dateOfBirth: '2016-05-14',
      gender: 'female',
      sectionId,
      guardians: [{ name: 'Sunita Verma', relation: 'mother', phone: '9876543210', ...(guardianEmail ? { email: guardianEmail } : {}) }],
    },
  });
  if (res.status !== 201) throw new Error(`student not created: ${JSON.stringify(res.body)}`);
  return { id: res.body.data.student.id, admissionNumber: res.body.data.student.admissionNumber, name: `${firstName} ${lastName}` };
}

/** The invitation token in the newest invitation e-mail to `email`. */
export async function invitationToken(sink: SmtpSink, email: string): Promise<string> {
  const mail = await sink.waitFor(email, (m) => /join\?token=/.test(m.text));
  const link = /(https?:\/\/\S+\/join\?token=[A-Za-z0-9_%-]+)/.exec(mail.text)![1];
  return decodeURIComponent(new URL(link).searchParams.get('token')!);
}
