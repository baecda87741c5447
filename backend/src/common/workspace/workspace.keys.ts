/** Metadata keys of the workspace decorators (read by the guard and by the route-matrix test). */
export const SCHOOL_SCOPED = 'vidyalaya:school-scoped';
export const REQUIRED_PERMISSION = 'vidyalaya:required-permission';
