import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { REJECTION_REASON_MAX, UI_MESSAGES } from '@vidyalaya/shared';
import { type RejectSchoolInput, rejectSchoolSchema } from '@vidyalaya/shared/admin';
import { Form } from 'react-final-form';
import { SubmitButton } from '../../../components/form';
import { zodValidate } from '../../../lib/forms/zod-validate';
import { TextAreaField } from './text-area-field';
import { STAFF_TEXT } from '../messages';

const S = STAFF_TEXT;

/** Rejecting needs a reason (DECISIONS): the dialog will not send without one. */
export function RejectDialog(props: {
  schoolName: string;
  isOpen: boolean;
  onClose: () => void;
  onReject: (reason: string) => Promise<string | null>;
}) {
  return (
    <Dialog isOpen={props.isOpen} onClose={props.onClose} title={S.rejectTitle(props.schoolName)} icon="disable">
      <Form<RejectSchoolInput>
        validate={zodValidate(rejectSchoolSchema)}
        onSubmit={async (values) => {
          const failure = await props.onReject(rejectSchoolSchema.parse(values).reason);
          return failure ? { reason: failure } : undefined;
        }}
      >
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate>
            <DialogBody>
              <TextAreaField name="reason" label={S.reasonLabel} helperText={S.reasonHelp} maxLength={REJECTION_REASON_MAX} autoFocus />
            </DialogBody>
            <DialogFooter
              actions={
                <>
                  <Button text={UI_MESSAGES.setupSubjects.cancel} onClick={props.onClose} disabled={submitting} />
                  <SubmitButton text={S.reject} submitting={submitting} intent="danger" size="medium" />
                </>
              }
            />
          </form>
        )}
      </Form>
    </Dialog>
  );
}
