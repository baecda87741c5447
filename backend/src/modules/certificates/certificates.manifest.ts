import { CERTIFICATES_CONTRACT } from '@vidyalaya/shared';
import { defineModule } from '../../common/module-manifest';
import { Certificates1765000000000 } from '../../database/migrations/1765000000000-certificates';
import { CertificateSettings1765730000000 } from '../../database/migrations/1765730000000-certificate-settings';
import { CertificatesModule } from './certificates.module';

/** The certificates module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const certificatesManifest = defineModule({
  name: 'certificates',
  module: CertificatesModule,
  migrations: [Certificates1765000000000, CertificateSettings1765730000000],
  accessKinds: { certificate: { table: 'certificates' } },
  contract: CERTIFICATES_CONTRACT,
  fileRoutes: [
    'GET /schools/:schoolId/certificates/:certificateId/pdf',
    'GET /schools/:schoolId/sections/:sectionId/id-cards',
  ],
});
