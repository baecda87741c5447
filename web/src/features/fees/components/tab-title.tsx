import { useT } from '../i18n';

/** The profile tab's title, in the fees catalogue; loaded lazily with it (lib/workspace/slots.tsx). */
export default function FeesTabTitle() {
  const t = useT();
  return <>{t('fees.title')}</>;
}
