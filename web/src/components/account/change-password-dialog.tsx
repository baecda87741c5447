import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { DESTRUCTIVE_MESSAGES, ONBOARDING_TEXT } from '@vidyalaya/shared';
import { type AuthTokens, CHANGE_PASSWORD_MESSAGES, changePasswordFormSchema, type ChangePasswordFormValues } from '@vidyalaya/shared/auth';
import { Form } from 'react-final-form';
import { PasswordField, SubmitButton } from '../form';
import { api } from '../../lib/api/api';
import { errorDescription, toSubmitErrors } from '../../lib/api/errors';
import { tokenStore } from '../../lib/auth/token-store';
import { zodValidate } from '../../lib/forms/zod-validate';
import { toast, toastError } from '../../lib/toast';

const A = ONBOARDING_TEXT.account;
const validate = zodValidate(changePasswordFormSchema);

const changePasswordApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** POST /auth/change-password: answers a fresh pair of tokens, every other session is revoked. */
    changePassword: b.mutation<AuthTokens, { currentPassword: string; newPassword: string }>({
      query: (body) => ({ url: '/auth/change-password', method: 'POST', body, fallbackMessage: 'Failed to change password' }),
    }),
  }),
});

/** The account menu's "Change password": current password, new one twice. */
export function ChangePasswordDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const [changePassword] = changePasswordApi.useChangePasswordMutation();

  async function onSubmit(values: ChangePasswordFormValues) {
    try {
      const tokens = await changePassword({ currentPassword: String(values.currentPassword ?? ''), newPassword: String(values.newPassword ?? '') }).unwrap();
      await tokenStore.set(tokens);
    } catch (e) {
      toastError(A.changePassword, errorDescription(e, DESTRUCTIVE_MESSAGES.resetPasswordFailed.description));
      return toSubmitErrors(e);
    }
    toast({ title: CHANGE_PASSWORD_MESSAGES.changed });
    onClose();
    return undefined;
  }

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={A.changePassword} className="account-dialog">
      <Form<ChangePasswordFormValues> onSubmit={onSubmit} validate={validate}>
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate>
            <DialogBody>
              <PasswordField name="currentPassword" label={A.currentPassword} autoComplete="current-password" autoFocus />
              <PasswordField name="newPassword" label={A.newPassword} autoComplete="new-password" />
              <PasswordField name="confirmPassword" label={A.confirmPassword} autoComplete="new-password" />
            </DialogBody>
            <DialogFooter
              actions={
                <>
                  <Button size="large" text={A.cancel} onClick={onClose} disabled={submitting} />
                  <SubmitButton text={A.save} submitting={submitting} />
                </>
              }
            />
          </form>
        )}
      </Form>
    </Dialog>
  );
}
