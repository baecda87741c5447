import { useT } from '../i18n';

/** The profile tab's title, in the attendance catalogue; a module of its own so that the catalogue loads with the profile, not before every workspace page's first paint (slots.tsx). */
export default function AttendanceTabTitle() {
  const t = useT();
  return <>{t('student.title')}</>;
}
