import { defaultSetupProgress, STORAGE_KEYS, type SetupProgress } from '@vidyalaya/shared';
import { type ClassWithDetails } from '@vidyalaya/shared/academics';
import { type SchoolDto, type SchoolSummary } from '@vidyalaya/shared/schools';
import { authSlice } from '../auth/auth-slice';
import { getPlatform } from '../platform/platform';
import { actionCreator, type AnyAction } from '../store/small-store';

/**
 * Spec §3: "The school state (school, classes list, totalSections, totalSubjects, setupProgress) is
 * kept in local persistent storage" — under STORAGE_KEYS.school, through the platform. It also
 * holds the academic year chosen on the setup steps, so every step uses the same one (DECISIONS).
 */
export interface SchoolState {
  school: SchoolDto | null;
  classes: ClassWithDetails[];
  totalSections: number;
  totalSubjects: number;
  setupProgress: SetupProgress;
  academicYear: string | null;
}

export type SetupFlag = 'classesAdded' | 'sectionsAdded' | 'subjectsAdded';

export function emptySchoolState(): SchoolState {
  return { school: null, classes: [], totalSections: 0, totalSubjects: 0, setupProgress: defaultSetupProgress(), academicYear: null };
}

export const schoolStateActions = {
  /** GET /auth/my-school-detailed answered: the summary is the state. */
  summaryLoaded: actionCreator<SchoolSummary>('school/summaryLoaded'),
  /**
   * Spec §4 fallback (the basic call) and spec §2 /setup/school success: only the school is known,
   * with zero classes, sections and subjects; schoolCreated true, the other flags false.
   */
  schoolSet: actionCreator<SchoolDto>('school/schoolSet'),
  /** The same school after an edit: its details change, the setup progress stays. */
  schoolUpdated: actionCreator<SchoolDto>('school/schoolUpdated'),
  /** No school yet (a new user): every flag false. */
  noSchool: actionCreator('school/noSchool'),
  /** A setup step succeeded (spec §4: each step sets its flag true). */
  stepCompleted: actionCreator<SetupFlag>('school/stepCompleted'),
  academicYearChosen: actionCreator<string>('school/academicYearChosen'),
};

function schoolReducer(state: SchoolState | undefined, action: AnyAction): SchoolState {
  const s = state ?? emptySchoolState();
  const a = schoolStateActions;
  if (a.summaryLoaded.match(action))
    return {
      ...s,
      school: action.payload.school,
      classes: action.payload.classes,
      totalSections: action.payload.totalSections,
      totalSubjects: action.payload.totalSubjects,
      setupProgress: { ...defaultSetupProgress(), ...action.payload.setupProgress },
    };
  if (a.schoolSet.match(action))
    return {
      ...s,
      school: action.payload,
      classes: [],
      totalSections: 0,
      totalSubjects: 0,
      setupProgress: { ...defaultSetupProgress(), schoolCreated: true },
    };
  if (a.schoolUpdated.match(action)) return { ...s, school: action.payload };
  if (a.noSchool.match(action)) return { ...emptySchoolState(), academicYear: s.academicYear };
  if (a.stepCompleted.match(action)) return s.setupProgress[action.payload] ? s : { ...s, setupProgress: { ...s.setupProgress, [action.payload]: true } };
  if (a.academicYearChosen.match(action)) return s.academicYear === action.payload ? s : { ...s, academicYear: action.payload };
  // Spec §4: logout (or a session that cannot be renewed) wipes the persisted school state.
  if (authSlice.actions.cleared.match(action)) return emptySchoolState();
  return s;
}

/** The school state slice: its reducer and actions (the shape Redux Toolkit's createSlice gave it). */
export const schoolStateSlice = { name: 'school' as const, reducer: schoolReducer, actions: schoolStateActions };

export const selectSchoolState = (s: { school: SchoolState }) => s.school;

/** The stored school state, or an empty one when there is none or it cannot be read. */
export function loadSchoolState(): SchoolState {
  try {
    const raw = getPlatform().storage.get(STORAGE_KEYS.school);
    if (!raw) return emptySchoolState();
    const parsed = JSON.parse(raw) as Partial<SchoolState>;
    const empty = emptySchoolState();
    return {
      school: parsed.school && typeof parsed.school === 'object' && typeof parsed.school.id === 'string' ? parsed.school : null,
      classes: Array.isArray(parsed.classes) ? parsed.classes : [],
      totalSections: typeof parsed.totalSections === 'number' ? parsed.totalSections : 0,
      totalSubjects: typeof parsed.totalSubjects === 'number' ? parsed.totalSubjects : 0,
      setupProgress: { ...empty.setupProgress, ...(parsed.setupProgress ?? {}) },
      academicYear: typeof parsed.academicYear === 'string' ? parsed.academicYear : null,
    };
  } catch {
    return emptySchoolState();
  }
}

/** Writes the school state on every change; an empty state removes the key. */
export function persistSchoolState(store: { getState(): { school: SchoolState }; subscribe(fn: () => void): () => void }): () => void {
  let last = store.getState().school;
  return store.subscribe(() => {
    const next = store.getState().school;
    if (next === last) return;
    last = next;
    const storage = getPlatform().storage;
    if (next.school === null && next.academicYear === null) storage.remove(STORAGE_KEYS.school);
    else storage.set(STORAGE_KEYS.school, JSON.stringify(next));
  });
}
