import { schoolConflictCode, violatedUniqueIndex } from './unique-violation';

describe('DECISIONS uniqueness: unique-index violations map to their 409 codes', () => {
  it.each([
    ['schools_owner_uq', 'SCHOOL_ALREADY_EXISTS'],
    ['schools_subdomain_lower_uq', 'SUBDOMAIN_TAKEN'],
    ['schools_school_code_uq', 'SCHOOL_CODE_TAKEN'],
    ['some_other_index', null],
  ])('%s → %s', (index, code) => {
    expect(schoolConflictCode(index)).toBe(code);
  });

  it('reads the index from a driver error or from TypeORM’s wrapper, and ignores other errors', () => {
    expect(violatedUniqueIndex({ code: '23505', constraint: 'schools_owner_uq' })).toBe('schools_owner_uq');
    expect(violatedUniqueIndex({ message: 'x', driverError: { code: '23505', constraint: 'schools_subdomain_lower_uq' } })).toBe('schools_subdomain_lower_uq');
    expect(violatedUniqueIndex({ code: '23505' })).toBe('');
    expect(violatedUniqueIndex({ code: '23503', constraint: 'fk' })).toBeNull();
    expect(violatedUniqueIndex(new Error('boom'))).toBeNull();
    expect(violatedUniqueIndex(null)).toBeNull();
  });
});
