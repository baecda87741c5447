import { z } from 'zod';
/**
 * The name of the next draft section of a class (spec §2 /setup/sections): the first letter A–Z
 * not used yet (ignoring case), else 'Section {count+1}' — counting upwards if that name is
 * itself taken. `existingNames` are the class's saved sections and drafts together.
 */
export declare function nextSectionName(existingNames: readonly string[]): string;
/** A section name: 1 to 20 characters after trimming (DECISIONS.md). */
export declare const sectionNameSchema: z.ZodString;
/** True when two names are the same ignoring case and surrounding spaces ('A' and ' a'). */
export declare function hasDuplicateSectionNames(names: readonly string[]): boolean;
