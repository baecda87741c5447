import { describe, expect, it } from '@jest/globals';
import { roleHas, SCHOOL_ROLES } from '@vidyalaya/shared';
import { FEATURES } from '../src/app/features';
import { allSections, navFor, sectionFor } from '../src/features/workspace/nav';

/** The sidebar as the shell draws it: the workspace's own sections and the features' (app/features.ts). */
const FEATURE_NAV = FEATURES.flatMap((f) => f.nav ?? []);
const keys = (role: (typeof SCHOOL_ROLES)[number], approved = true) => navFor(role, approved, FEATURE_NAV).map((i) => i.key).filter((k) => KNOWN.has(k));
/**
 * The sections this test knows by name. A module added since (npm run new:module) brings its own
 * entry, held to the same rule by the permission check below; the known ones keep their order.
 */
const KNOWN = new Set(['home', 'myChildren', 'students', 'staff', 'timetable', 'calendar', 'attendance', 'exams', 'fees', 'notices', 'messaging', 'messagePreferences', 'members', 'academicYears', 'dataRequests', 'certificates', 'yearEnd', 'payments', 'insights']);

describe('the workspace sidebar by role (the permission matrix is an allow-list)', () => {
  it('gives each role exactly its sections', () => {
    expect(keys('admin')).toEqual(['home', 'students', 'staff', 'timetable', 'calendar', 'attendance', 'exams', 'fees', 'notices', 'messaging', 'members', 'academicYears', 'dataRequests', 'certificates', 'yearEnd', 'payments', 'insights']);
    expect(keys('office')).toEqual(['home', 'students', 'staff', 'timetable', 'calendar', 'attendance', 'exams', 'notices', 'members', 'dataRequests', 'certificates', 'insights']);
    expect(keys('accountant')).toEqual(['home', 'students', 'staff', 'timetable', 'calendar', 'fees', 'notices', 'payments', 'insights']);
    expect(keys('teacher')).toEqual(['home', 'students', 'staff', 'timetable', 'calendar', 'attendance', 'exams', 'notices']);
    expect(keys('guardian')).toEqual(['home', 'myChildren', 'calendar', 'notices', 'messagePreferences']);
  });

  it('never shows fees to a teacher, nor a section whose permission the role lacks', () => {
    expect(keys('teacher')).not.toContain('fees');
    for (const role of SCHOOL_ROLES) for (const item of navFor(role, true, FEATURE_NAV)) expect(roleHas(role, item.permission)).toBe(true);
  });

  it('shows only the home page (its approval status) before approval', () => {
    for (const role of SCHOOL_ROLES) expect(keys(role, false)).toEqual(['home']);
  });

  it('opens a section by its path only for a role that has it', () => {
    expect(sectionFor('teacher', true, 'fees')).toBeUndefined();
    expect(sectionFor('accountant', true, 'fees')?.key).toBe('fees');
    expect(sectionFor('accountant', true, 'payments', FEATURE_NAV)?.key).toBe('payments');
    expect(sectionFor('teacher', true, 'payments', FEATURE_NAV)).toBeUndefined();
    expect(sectionFor('admin', false, 'students')).toBeUndefined();
    const all = allSections(FEATURE_NAV);
    expect(new Set(all.map((i) => i.path)).size).toBe(all.length);
    expect(new Set(all.map((i) => i.key)).size).toBe(all.length);
  });
});
