import { defineContract } from './contract';

/** Students and admissions (DECISIONS "Students", "Admissions"). */
export const STUDENTS_CONTRACT = defineContract({
  name: 'students',
  errors: {
    STUDENT_LIMIT_REACHED: { status: 422, message: 'The free trial allows up to 100 students' },
    ADMISSION_NUMBER_TAKEN: { status: 409, message: 'Another student already has this admission number.' },
    AADHAAR_DUPLICATE: { status: 409, message: 'Another student of this school has this Aadhaar number.' },
    APPLICATION_DECIDED: { status: 422, message: 'This application has already been decided.' },
    PHOTO_INVALID: { status: 400, message: 'Upload a JPEG, PNG or WebP photo of at most 512 KB.' },
    IMPORT_FILE_INVALID: { status: 400, message: 'Upload a CSV or Excel (.xlsx) file with the template’s header row.' },
  },
  permissions: [
    'students.read', // teachers: their sections (read-only); guardians: their own children
    'students.write',
    'students.import',
    'students.revealAadhaar',
    'admissions.manage',
  ],
  grants: {
    office: ['students.read', 'students.write', 'students.import', 'admissions.manage'],
    accountant: ['students.read'],
    teacher: ['students.read'],
    guardian: ['students.read'],
  },
});
