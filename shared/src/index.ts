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

// The onboarding domains, each also a subpath export (`@vidyalaya/shared/auth`, …); so is each
// workspace domain below (`@vidyalaya/shared/fees`, …).
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
export * from './people/index';
export * from './academic-years/index';
export * from './audit/index';
export * from './jobs/index';
export * from './rules/mask-email';
export * from './messages-onboarding';
export * from './rules/waiting';
export * from './rules/subdomain-suggestions';
export * from './rules/school-days';
export * from './calendar/index';
export * from './staff/index';
export * from './timetable/index';
export * from './rules/aadhaar';
export * from './students/index';
export * from './attendance/index';
export * from './rules/money';
export * from './fees/index';
export * from './online-payments/index';
export * from './exams/index';
export * from './guardians/index';
export * from './notices/index';
export * from './insights/index';
export * from './certificates/index';
export * from './messaging/index';
export * from './promotions/index';
