export { fetchFile, saveBlob } from '../../../lib/api/files';

export const schoolPath = (schoolId: string) => `/schools/${encodeURIComponent(schoolId)}`;
