// The shell's context lives in lib/workspace so module features can read it too.
export { useSchool, type SchoolContext } from '../../../lib/workspace/school-context';
