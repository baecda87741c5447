import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { type SchoolRole } from '@vidyalaya/shared';
import { createInvitationSchema, type CreateInvitationInput } from '@vidyalaya/shared/people';
import { Form } from 'react-final-form';
import { SelectField, TextField } from '../../../components/form';
import { toSubmitErrors } from '../../../lib/api/errors';
import { zodValidate } from '../../../lib/forms/zod-validate';
import { toast, toastError } from '../../../lib/toast';
import { useInviteMutation } from '../api/workspace-api';
import { translateErrors, useT, type MessageId } from '../i18n';
import { apiErrorText } from './api-error-text';

const validate = zodValidate(createInvitationSchema);
/** Guardians are invited from their child's record (Students), which names the children. */
export const INVITABLE_ROLES: SchoolRole[] = ['admin', 'office', 'accountant', 'teacher'];

type Values = Partial<CreateInvitationInput>;

/** Invite someone by e-mail: name, address, role. The link they get is valid for 7 days. */
export function InviteDialog(props: { schoolId: string; isOpen: boolean; onClose: () => void }) {
  const t = useT();
  const [invite] = useInviteMutation();

  async function onSubmit(values: Values) {
    try {
      const { invitation } = await invite({ schoolId: props.schoolId, ...(values as CreateInvitationInput) }).unwrap();
      toast({ title: t('members.invited', { email: invitation.email }) });
      props.onClose();
      return undefined;
    } catch (e) {
      toastError(t('members.inviteFailed'), apiErrorText(t, e, 'common.tryAgain'));
      return translateErrors(t, toSubmitErrors(e));
    }
  }

  return (
    <Dialog isOpen={props.isOpen} onClose={props.onClose} title={t('members.inviteTitle')} className="ws-dialog">
      <Form<Values> onSubmit={onSubmit} validate={(v) => translateErrors(t, validate(v))} initialValues={{ role: 'teacher' }}>
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate>
            <DialogBody>
              <p className="ws-muted">{t('members.inviteIntro')}</p>
              <TextField name="name" label={t('members.name')} autoComplete="off" autoFocus />
              <TextField name="email" label={t('members.email')} type="email" autoComplete="off" leftIcon="envelope" />
              <SelectField name="role" label={t('members.role')} options={INVITABLE_ROLES.map((r) => ({ value: r, label: t(`role.${r}` as MessageId) }))} />
            </DialogBody>
            <DialogFooter
              actions={
                <>
                  <Button className="ws-touch" text={t('common.cancel')} onClick={props.onClose} />
                  <Button className="ws-touch" type="submit" intent="primary" loading={submitting} text={t('members.sendInvitation')} />
                </>
              }
            />
          </form>
        )}
      </Form>
    </Dialog>
  );
}
