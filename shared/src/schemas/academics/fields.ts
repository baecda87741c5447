import { z } from 'zod';
import { SUBJECT_NAME_MAX } from '../../constants';
import { CATALOGUE_CLASSES } from '../../catalogue/classes';
import { MESSAGES } from '../../messages';
import { requiredText } from '../common';

const V = MESSAGES.validation;

/** A class name from the catalogue (Nursery … Class 12); anything else is named in the message. */
export const catalogueClassSchema = z.enum(CATALOGUE_CLASSES, {
  // Only text is named back (shortened); anything else (objects, numbers…) gets the plain message,
  // and nothing here may throw whatever the input is.
  error: (issue) =>
    typeof issue.input === 'string' && issue.input !== ''
      ? V.unknownClass(issue.input.length > 60 ? `${issue.input.slice(0, 60)}…` : issue.input)
      : V.classNameRequired,
});

export const subjectNameSchema = requiredText(
  SUBJECT_NAME_MAX,
  V.subjectNameRequired,
  V.subjectNameMax,
);
