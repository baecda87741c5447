import { APPROVAL_TIME, FREE_TRIAL_DAYS, FREE_TRIAL_MAX_STUDENTS, formatDateIST, schoolPortalUrl } from '@vidyalaya/shared';
import { brandedMail } from '../mail';
import type { SchoolEntity } from '../schools';

/** The e-mail telling an administrator their school is approved: the portal's address and the trial's end. */
export function approvedMail(school: SchoolEntity, appDomain: string) {
  const portal = schoolPortalUrl(school.subdomain, appDomain);
  return brandedMail({
    subject: `${school.name} is approved`,
    heading: `${school.name} is approved`,
    paragraphs: [
      `Good news: ${school.name} has been approved. Its portal is live at ${portal}`,
      `Your free trial runs until ${formatDateIST(school.trialEndsAt)} (${FREE_TRIAL_DAYS} days, up to ${FREE_TRIAL_MAX_STUDENTS} students, every feature included).`,
      'Sign in to your dashboard to finish setting up classes, sections and subjects.',
    ],
  });
}

/** The e-mail telling an administrator their school was not approved: the reason and how to re-submit. */
export function rejectedMail(school: SchoolEntity, reason: string) {
  return brandedMail({
    subject: `${school.name} was not approved`,
    heading: `${school.name} was not approved yet`,
    paragraphs: [
      `Our team reviewed ${school.name} and could not approve it. The reason given: ${reason}`,
      'To submit it again, sign in, open your dashboard, correct the school details and save them. ' +
        `Your school then goes back into the approval queue; a decision usually takes ${APPROVAL_TIME}.`,
    ],
    footnote: 'Questions? Write to us through the contact page and we will help.',
  });
}
