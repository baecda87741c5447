// The contract shared by the back end, the web renderer and the desktop app.
export * from './constants';
export * from './messages';

export * from './api/envelope';
export * from './api/error-codes';
export * from './api/health';
export * from './api/validation-details';

export * from './catalogue/classes';
export * from './catalogue/hindi-names';
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

// The onboarding domains, each also a subpath export (`@vidyalaya/shared/auth`, …).
export * from './auth/index';
export * from './schools/index';
export * from './academics/index';
export * from './contact/index';
export * from './admin/index';

export * from './desktop/bridge';

export * from './workspace/roles';
export * from './modules/index';
export * from './workspace/messages';
export * from './workspace/common';
export * from './workspace/languages';
export * from './workspace/people';
export * from './workspace/academic-years';
export * from './workspace/audit';
export * from './workspace/jobs';
export * from './rules/mask-email';
export * from './messages-onboarding';
export * from './rules/waiting';
export * from './rules/subdomain-suggestions';
export * from './rules/school-days';
export * from './workspace/calendar';
export * from './workspace/staff';
export * from './workspace/timetable';
export * from './workspace/timetable-answers';
export * from './rules/aadhaar';
export * from './workspace/students-messages';
export * from './workspace/students';
export * from './workspace/students-answers';
export * from './workspace/attendance';
export * from './workspace/attendance-answers';
export * from './rules/money';
export * from './workspace/fees';
export * from './workspace/fees-answers';
export * from './workspace/online-payments';
export * from './workspace/exams';
export * from './workspace/guardians';
export * from './workspace/notices';
export * from './workspace/insights';
export * from './workspace/insights-answers';
export * from './workspace/certificates';
export * from './workspace/messaging';
export * from './workspace/promotions';
export * from './workspace/promotions-answers';
