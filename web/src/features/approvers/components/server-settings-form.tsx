import { DESKTOP_MESSAGES, type DesktopSettings } from '@vidyalaya/shared';
import { Form } from 'react-final-form';
import { z } from 'zod';
import { SubmitButton, TextField } from '../../../components/form';
import { zodValidate } from '../../../lib/forms/zod-validate';
import type { DesktopHost } from '../../../lib/platform/desktop-platform';

const M = DESKTOP_MESSAGES;

/** What the form checks before asking the main process (which checks the server itself). */
export const serverSettingsFormSchema = z.object({
  serverUrl: z.string({ error: M.serverUrlRequired }).trim().min(1, M.serverUrlRequired).max(2048, M.serverUrlInvalid),
  appDomain: z.string().trim().max(253, M.appDomainInvalid).optional(),
});
type Values = z.input<typeof serverSettingsFormSchema>;

/**
 * The server address (and optionally the portal domain). Submitting asks the main process to
 * check {address}/api/v1/health and keep it; its answer's message lands on the field it is about.
 */
export function ServerSettingsForm(props: {
  host: DesktopHost;
  initial: DesktopSettings | null;
  submitText: string;
  onSaved: (settings: DesktopSettings) => void;
}) {
  return (
    <Form<Values>
      initialValues={{ serverUrl: props.initial?.serverUrl ?? '', appDomain: props.initial?.appDomain ?? '' }}
      validate={zodValidate(serverSettingsFormSchema)}
      onSubmit={async (values) => {
        const result = await props.host.saveSettings({ serverUrl: values.serverUrl.trim(), appDomain: values.appDomain?.trim() || undefined });
        if (!result.ok) return { [result.field]: result.message };
        props.onSaved(result.settings);
        return undefined;
      }}
    >
      {({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate>
          <TextField
            name="serverUrl"
            label={M.serverUrlLabel}
            type="url"
            placeholder={M.serverUrlPlaceholder}
            leftIcon="globe"
            autoComplete="url"
            autoFocus
          />
          <TextField name="appDomain" label={M.appDomainLabel} helperText={M.appDomainHelp} optional autoComplete="off" />
          <SubmitButton text={props.submitText} submitting={submitting} fill />
        </form>
      )}
    </Form>
  );
}
