import { z } from 'zod';
import { SECTION_LETTERS, SECTION_NAME_MAX } from '../constants';
import { VALIDATION_MESSAGES } from '../messages-validation';

const key = (name: string) => name.trim().toLowerCase();

/**
 * The name of the next draft section of a class (spec §2 /setup/sections): the first letter A–Z
 * not used yet (ignoring case), else 'Section {count+1}' — counting upwards if that name is
 * itself taken. `existingNames` are the class's saved sections and drafts together.
 */
export function nextSectionName(existingNames: readonly string[]): string {
  const taken = new Set(existingNames.map(key));
  const letter = SECTION_LETTERS.find((candidate) => !taken.has(key(candidate)));
  if (letter) return letter;
  let n = existingNames.length + 1;
  while (taken.has(key(`Section ${n}`))) n += 1;
  return `Section ${n}`;
}

/** A section name: 1 to 20 characters after trimming (DECISIONS.md). */
export const sectionNameSchema = z
  .string({ error: VALIDATION_MESSAGES.sectionNameRequired })
  .trim()
  .min(1, VALIDATION_MESSAGES.sectionNameRequired)
  .max(SECTION_NAME_MAX, VALIDATION_MESSAGES.sectionNameMax);

/** True when two names are the same ignoring case and surrounding spaces ('A' and ' a'). */
export function hasDuplicateSectionNames(names: readonly string[]): boolean {
  return new Set(names.map(key)).size !== names.length;
}
