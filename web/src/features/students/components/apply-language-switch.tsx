import { PublicLanguageSwitch } from '../../../components/language-switch';
import { useT } from '../i18n';

/** English | हिन्दी on the public application (the shared public switch, right-aligned). */
export function ApplyLanguageSwitch() {
  const t = useT();
  return (
    <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
      <PublicLanguageSwitch label={t('students.apply.language')} />
    </div>
  );
}
