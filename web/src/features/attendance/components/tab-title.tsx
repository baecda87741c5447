import { useT } from '../i18n';

/** The profile tab's title, in the attendance catalogue; loaded lazily with it (lib/workspace/slots.tsx). */
export default function AttendanceTabTitle() {
  const t = useT();
  return <>{t('student.title')}</>;
}
