import { Button, Icon } from '@blueprintjs/core';
import { STUDENT_PHOTO_MAX_BYTES, STUDENT_PHOTO_TYPES, type Student } from '@vidyalaya/shared/students';
import { useRef } from 'react';
import { useFileUrl } from '../../../lib/api/files';
import { toast, toastError } from '../../../lib/toast';
import { useRemovePhotoMutation, useSetPhotoMutation } from '../api/students-api';
import { useT } from '../i18n';
import { schoolPath } from './files';

/**
 * The student's photo (fetched with the session's token: an <img src> could not send it), and for
 * the office the upload (JPEG, PNG or WebP up to 512 KB, checked here and again by the server) and
 * removal.
 */
export function StudentPhoto(props: { schoolId: string; student: Student; canEdit: boolean }) {
  const t = useT();
  const { schoolId, student } = props;
  const url = useFileUrl(student.hasPhoto ? `${schoolPath(schoolId)}/students/${encodeURIComponent(student.id)}/photo` : null, student.updatedAt);
  const input = useRef<HTMLInputElement>(null);
  const [upload, uploading] = useSetPhotoMutation();
  const [remove, removing] = useRemovePhotoMutation();


  async function onFile(file: File | undefined) {
    if (!file) return;
    if (!(STUDENT_PHOTO_TYPES as readonly string[]).includes(file.type) || file.size > STUDENT_PHOTO_MAX_BYTES) {
      toastError(t('students.photo.invalid'), t('students.photo.rules'));
      return;
    }
    try {
      await upload({ schoolId, studentId: student.id, file }).unwrap();
      toast({ title: t('students.photo.saved') });
    } catch {
      toastError(t('students.photo.invalid'), t('students.photo.rules'));
    }
  }

  return (
    <div className="st-photo-box">
      {url ? <img className="st-photo" src={url} alt={t('students.photo.alt', { name: student.name })} /> : <span className="st-photo" aria-hidden><Icon icon="person" size={48} /></span>}
      {props.canEdit ? (
        <div className="st-actions" style={{ marginTop: 8 }}>
          <input
            ref={input}
            type="file"
            accept={STUDENT_PHOTO_TYPES.join(',')}
            className="ws-visually-hidden"
            aria-label={t('students.photo.choose')}
            onChange={(e) => {
              void onFile(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Button className="st-touch" icon="camera" text={student.hasPhoto ? t('students.photo.change') : t('students.photo.add')} loading={uploading.isLoading} onClick={() => input.current?.click()} />
          {student.hasPhoto ? (
            <Button
              className="st-touch"
              variant="minimal"
              intent="danger"
              icon="trash"
              aria-label={t('students.photo.remove')}
              loading={removing.isLoading}
              onClick={() => void remove({ schoolId, studentId: student.id }).unwrap().catch(() => toastError(t('students.tryAgain')))}
            />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
