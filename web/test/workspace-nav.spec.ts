import { describe, expect, it } from '@jest/globals';
import { roleHas, SCHOOL_ROLES } from '@vidyalaya/shared';
import { navFor, NAV_ITEMS, sectionFor } from '../src/features/workspace/nav';

const keys = (role: (typeof SCHOOL_ROLES)[number], approved = true) => navFor(role, approved).map((i) => i.key);

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
    for (const role of SCHOOL_ROLES) for (const item of navFor(role, true)) expect(roleHas(role, item.permission)).toBe(true);
  });

  it('shows only the home page (its approval status) before approval', () => {
    for (const role of SCHOOL_ROLES) expect(keys(role, false)).toEqual(['home']);
  });

  it('opens a section by its path only for a role that has it', () => {
    expect(sectionFor('teacher', true, 'fees')).toBeUndefined();
    expect(sectionFor('accountant', true, 'fees')?.key).toBe('fees');
    expect(sectionFor('admin', false, 'students')).toBeUndefined();
    expect(new Set(NAV_ITEMS.map((i) => i.path)).size).toBe(NAV_ITEMS.length);
  });
});
