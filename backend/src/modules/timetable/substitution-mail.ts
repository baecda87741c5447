import { formatDateIST, timetableDayOf } from '@vidyalaya/shared';
import { DAY_NAMES } from '@vidyalaya/shared/timetable';
import { brandedMail } from '../mail';

/** The e-mail telling a teacher which periods they take for an absent colleague on a date. */
export function substitutionMail(opts: {
  name: string;
  schoolName: string;
  date: string;
  absentName: string;
  periods: { period: number; className: string; sectionName: string; subjectName: string; note: string | null }[];
}) {
  const day = DAY_NAMES[timetableDayOf(opts.date) ?? 0] || '';
  const when = `${day ? `${day} ` : ''}${formatDateIST(`${opts.date}T12:00:00+05:30`)}`;
  return brandedMail({
    subject: `Substitution on ${when}`,
    heading: `Substitution on ${when}`,
    paragraphs: [
      `Hello ${opts.name}, ${opts.schoolName} asks you to take these periods for ${opts.absentName}:`,
      ...opts.periods.map((p) => `Period ${p.period}: ${p.className} ${p.sectionName}, ${p.subjectName}${p.note ? ` (${p.note})` : ''}`),
    ],
    footnote: 'Today’s substitutions are also listed in the school workspace.',
  });
}
