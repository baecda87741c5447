// What other modules may use of the schools module (the lint rule admits only this file and
// schools.service.ts from outside the folder).
export { SchoolEntity } from './school.entity';
export { toPublicProfile, toSchoolDto } from './school.mapper';
export { PublicSchoolResponse } from './schools.responses';
