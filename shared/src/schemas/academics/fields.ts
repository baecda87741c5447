import { z } from 'zod';
import { SUBJECT_NAME_MAX } from '../../constants';
import { CATALOGUE_CLASSES } from '../../catalogue/classes';
import { MESSAGES } from '../../messages';
import { requiredText } from '../common';

const V = MESSAGES.validation;

/** A class name from the catalogue (Nursery … Class 12); anything else is named in the message. */
export const catalogueClassSchema = z.enum(CATALOGUE_CLASSES, {
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? V.classNameRequired
      : V.unknownClass(String(issue.input)),
});

export const subjectNameSchema = requiredText(
  SUBJECT_NAME_MAX,
  V.subjectNameRequired,
  V.subjectNameMax,
);
