import { defineContract } from './contract';

/** Academic years; a closed year is read-only (issue 29). */
export const ACADEMIC_YEARS_CONTRACT = defineContract({
  name: 'academic-years',
  errors: {
    ACADEMIC_YEAR_INVALID: { status: 400, message: 'The academic year’s name must match its dates.' },
    ACADEMIC_YEAR_EXISTS: { status: 409, message: 'This academic year already exists.' },
    YEAR_CLOSED: { status: 409, message: 'This academic year is closed: a later year is current, so its marks and attendance can be read but no longer changed.' },
  },
  permissions: [
    'academicYears.read',
    'academicYears.manage',
  ],
  grants: {
    office: ['academicYears.read'],
    accountant: ['academicYears.read'],
    teacher: ['academicYears.read'],
    guardian: ['academicYears.read'],
  },
});
