// The contract shared by the back end, the web renderer and the desktop app.
export * from './constants';
export * from './messages';

export * from './api/envelope';
export * from './api/error-codes';
export * from './api/health';
export * from './api/validation-details';

export * from './catalogue/classes';
export * from './catalogue/indian-states';
export * from './catalogue/subjects';

export * from './rules/academic-year';
export * from './rules/duplicates';
export * from './rules/format';
export * from './rules/ist';
export * from './rules/password';
export * from './rules/sections';
export * from './rules/setup-progress';
export * from './rules/subdomain';
export * from './rules/subjects';
export * from './rules/trial';
export * from './rules/username';

export * from './schemas/common';

export * from './schemas/auth/auth.types';
export * from './schemas/auth/fields';
export * from './schemas/auth/forgot-password.schema';
export * from './schemas/auth/login.schema';
export * from './schemas/auth/refresh-token.schema';
export * from './schemas/auth/register.schema';
export * from './schemas/auth/resend-otp.schema';
export * from './schemas/auth/reset-password.schema';
export * from './schemas/auth/verify-otp.schema';
export * from './schemas/auth/change-password.schema';

export * from './schemas/schools/create-school.schema';
export * from './schemas/schools/school.types';
export * from './schemas/schools/subdomain-availability.schema';
export * from './schemas/schools/update-plan.schema';

export * from './schemas/academics/academics.types';
export * from './schemas/academics/classes-sections-query.schema';
export * from './schemas/academics/create-class-subjects.schema';
export * from './schemas/academics/create-classes.schema';
export * from './schemas/academics/create-sections.schema';
export * from './schemas/academics/fields';
export * from './schemas/academics/school-subjects-query.schema';

export * from './schemas/contact/contact.schema';

export * from './schemas/admin/admin.types';
export * from './schemas/admin/list-schools-query.schema';
export * from './schemas/admin/reject-school.schema';

export * from './desktop/bridge';

export * from './workspace/roles';
export * from './workspace/messages';
export * from './workspace/common';
export * from './workspace/people';
export * from './workspace/academic-years';
export * from './workspace/audit';
export * from './workspace/jobs';
export * from './rules/mask-email';
export * from './messages-onboarding';
export * from './rules/waiting';
export * from './rules/subdomain-suggestions';
export * from './workspace/calendar';
export * from './workspace/staff';
export * from './workspace/timetable';
export * from './rules/aadhaar';
export * from './workspace/students';
export * from './workspace/attendance';
export * from './workspace/fees';
export * from './workspace/exams';
export * from './workspace/guardians';
export * from './workspace/notices';
