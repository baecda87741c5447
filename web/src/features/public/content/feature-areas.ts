/** Spec §1: the six advertised feature areas. `icon` names a drawing in components/feature-icon.tsx. */
export const FEATURE_AREAS = [
  {
    icon: 'students',
    title: 'Student Management',
    summary: 'Every student’s record, attendance and academic progress in one place, from admission to the leaving certificate.',
    points: ['Complete student profiles with guardian details', 'Daily class-wise attendance', 'Progress across terms and sessions'],
  },
  {
    icon: 'academics',
    title: 'Academic Excellence',
    summary: 'Plan the curriculum, schedule examinations and see how each class is doing, subject by subject.',
    points: ['Classes, sections and subjects from Nursery to Class 12', 'Unit tests, half-yearly and annual exams', 'Subject-wise result analysis'],
  },
  {
    icon: 'admin',
    title: 'Admin Control',
    summary: 'Fees, reports and the school’s set-up under the administrator’s control, without piles of registers.',
    points: ['Fee heads, instalments and receipts', 'Dues tracked for every student', 'Reports ready for management meetings'],
  },
  {
    icon: 'communication',
    title: 'Communication Hub',
    summary: 'Keep teachers, students and parents on the same page with notices and updates from one place.',
    points: ['Notices for the whole school or one class', 'Updates for teachers and students', 'Parents kept informed'],
  },
  {
    icon: 'security',
    title: 'Data Security',
    summary: 'Your school’s data stays private: separated from every other school and never sold or shared for advertising.',
    points: ['Encrypted connections', 'Passwords stored only as secure hashes', 'No tracking cookies'],
  },
  {
    icon: 'analytics',
    title: 'Analytics & Reports',
    summary: 'Attendance, results and fee collection at a glance, with reports you can print or share.',
    points: ['Class and subject results', 'Attendance registers and trends', 'Fee collection summaries'],
  },
] as const;

export type FeatureIconName = (typeof FEATURE_AREAS)[number]['icon'];
