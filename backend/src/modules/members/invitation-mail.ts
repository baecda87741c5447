import { formatDateIST, schoolPortalUrl, type SchoolRole } from '@vidyalaya/shared';
import { brandedMail } from '../mail';

const ROLE_NAMES: Record<SchoolRole, string> = {
  admin: 'an administrator',
  office: 'front-office staff',
  accountant: 'the accountant',
  teacher: 'a teacher',
  guardian: 'a parent or guardian',
};

/** The invitation e-mail: who invites whom to which school, as what, and the single-use link. */
export function invitationMail(opts: { name: string; role: SchoolRole; schoolName: string; subdomain: string; appDomain: string; token: string; expiresAt: Date }) {
  const link = `${schoolPortalUrl(opts.subdomain, opts.appDomain)}/join?token=${encodeURIComponent(opts.token)}`;
  return brandedMail({
    subject: `You are invited to ${opts.schoolName}`,
    heading: `Join ${opts.schoolName}`,
    paragraphs: [
      `Hello ${opts.name}, ${opts.schoolName} has invited you to its workspace as ${ROLE_NAMES[opts.role]}.`,
      `Accept the invitation to choose a username and password (or sign in if you already have an account).`,
      `The link works once and until ${formatDateIST(opts.expiresAt)}.`,
    ],
    action: { label: 'Accept the invitation', url: link },
    footnote: 'If you were not expecting this invitation, ignore this e-mail.',
  });
}

/** To a guardian already in the school, when the school links another child to their account. */
export function guardianLinkedMail(opts: { name: string; schoolName: string; subdomain: string; appDomain: string }) {
  const link = schoolPortalUrl(opts.subdomain, opts.appDomain);
  return brandedMail({
    subject: `${opts.schoolName} has added a child to your account`,
    heading: `A child added at ${opts.schoolName}`,
    paragraphs: [
      `Hello ${opts.name}, ${opts.schoolName} has linked another child to your account.`,
      `Sign in at ${link} with your usual username and password to see each of your children.`,
    ],
    footnote: 'If you think this is a mistake, please contact the school office.',
  });
}
