import { defineModule } from '../../common/module-manifest';
import { Academics1763800002100 } from '../../database/migrations/1763800002100-academics';
import { viaChildPlacement } from '../../common/workspace/access-kinds';
import { AcademicsModule } from './academics.module';

/** The academics module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const academicsManifest = defineModule({
  name: 'academics',
  module: AcademicsModule,
  migrations: [Academics1763800002100],
  accessKinds: {
    class: { table: 'classes', guardian: viaChildPlacement('class_id') },
    section: { table: 'sections', guardian: viaChildPlacement('section_id') },
    classSubject: { table: 'class_subjects' },
  },
});
