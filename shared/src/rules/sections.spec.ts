import { SECTION_LETTERS } from '../constants';
import { hasDuplicateSectionNames, nextSectionName, sectionNameSchema } from './sections';

describe('spec §2 /setup/sections: the next draft name', () => {
  it.each([
    [[], 'A'],
    [['A'], 'B'],
    [['A', 'B', 'C'], 'D'],
    [['A', 'C'], 'B'],
    [['a', 'b'], 'C'],
    [['B', 'Section 2'], 'A'],
    [[...SECTION_LETTERS], 'Section 27'],
    [[...SECTION_LETTERS, 'Section 27'], 'Section 28'],
    [[...SECTION_LETTERS, 'Section 28'], 'Section 29'],
  ])('%j → %s', (existing, next) => {
    expect(nextSectionName(existing)).toBe(next);
  });
});

describe('DECISIONS section names', () => {
  it.each([
    ['', 'Section name is required'],
    ['   ', 'Section name is required'],
    ['S'.repeat(21), 'Section name must not exceed 20 characters'],
  ])('%j → %s', (name, message) => {
    expect(sectionNameSchema.safeParse(name).error?.issues[0]?.message).toBe(message);
  });

  it('trims and accepts 20 characters', () => {
    expect(sectionNameSchema.parse(` ${'S'.repeat(20)} `)).toBe('S'.repeat(20));
  });

  it.each([
    [['A', 'B'], false],
    [['A', 'a'], true],
    [['Rose', ' rose '], true],
    [[], false],
  ])('%j has duplicates: %s', (names, duplicated) => {
    expect(hasDuplicateSectionNames(names)).toBe(duplicated);
  });
});
