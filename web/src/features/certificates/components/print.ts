import { fetchFile } from '../../../lib/api/files';
import { certificatePdfPath } from '../api/certificates-api';

/** Opens a certificate's PDF (each print counts: the first is the original, later ones DUPLICATE). */
export async function openCertificatePdf(schoolId: string, certificateId: string, lang: 'en' | 'hi'): Promise<void> {
  const url = URL.createObjectURL(await fetchFile(certificatePdfPath(schoolId, certificateId, lang)));
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
