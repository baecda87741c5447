import { APPROVAL_TIME, TAGLINE } from '@vidyalaya/shared';

export const MISSION =
  'To give every school in India, from a village primary school to a growing senior secondary campus, the kind of software the best-funded schools use, at a price any school can afford.';

export const VISION =
  'A school office where no register is filled in twice, fee dues are never a mystery, and teachers spend their time teaching instead of on paperwork.';

export const VALUES = [
  { title: 'Simplicity first', text: 'If a teacher needs training to mark attendance, we have built it wrong. Every screen is designed for busy people.' },
  { title: TAGLINE, text: 'Good software should not be a luxury. We keep our costs low so schools do not have to choose between quality and budget.' },
  { title: 'Your data is yours', text: 'Records belong to the school. We never sell them, never use them for advertising, and delete them when you ask.' },
  { title: 'Built with schools', text: 'Principals, teachers and office staff shape what we build next. Most of our roadmap started as a school’s request.' },
] as const;

export const TEAM = [
  { initials: 'PE', title: 'Product & Engineering', text: 'Designs, builds and runs the platform, with security and reliability as part of every change.' },
  { initials: 'SS', title: 'School Success', text: `Helps each new school set up classes, sections and subjects, and reviews new schools within ${APPROVAL_TIME}.` },
  { initials: 'CS', title: 'Customer Support', text: 'Answers administrators and teachers on working days, with quicker responses for urgent problems.' },
] as const;

/** The stack the product runs on, shown as badges. */
export const TECHNOLOGY = ['React', 'TypeScript', 'NestJS', 'PostgreSQL', 'Electron desktop app', 'Argon2id password hashing', 'Encrypted HTTPS connections'] as const;
