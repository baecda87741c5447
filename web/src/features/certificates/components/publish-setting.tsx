import { Switch } from '@blueprintjs/core';
import { toast, toastError } from '../../../lib/toast';
import { useCertificateSettingsQuery, useSaveCertificateSettingsMutation } from '../api/certificates-api';
import { useT } from '../i18n';

/**
 * Whether the school publishes its transfer certificates on its portal page (number, the name as
 * initials, class, date, status at {portal}/transfer-certificates). The office sees it; an admin
 * turns it on or off.
 */
export function PublishSetting(props: { schoolId: string; isAdmin: boolean }) {
  const t = useT();
  const settings = useCertificateSettingsQuery(props.schoolId);
  const [save, saving] = useSaveCertificateSettingsMutation();
  const on = settings.data?.settings.publishTcList ?? false;
  const toggle = async () => {
    try {
      await save({ schoolId: props.schoolId, publishTcList: !on }).unwrap();
      toast({ title: !on ? t('cert.publish.on') : t('cert.publish.off'), intent: 'success' });
    } catch {
      toastError(t('cert.error.generic'));
    }
  };
  return (
    <div className="cert-publish" data-testid="publish-setting">
      <Switch
        large
        checked={on}
        disabled={!props.isAdmin || !settings.data || saving.isLoading}
        label={t('cert.publish.label')}
        onChange={() => void toggle()}
      />
      <p className="cert-muted">{props.isAdmin ? t('cert.publish.help') : t('cert.publish.adminOnly')}</p>
    </div>
  );
}
