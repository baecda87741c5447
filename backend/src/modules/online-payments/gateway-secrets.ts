import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * A school's payment gateway secrets at rest (the key secret, the webhook secret): AES-256-GCM as
 * Aadhaar numbers are (students/aadhaar-cipher.ts), with a key derived from the same AADHAAR_KEY
 * under its own label, the school's id as additional data (a secret copied to another school's row
 * does not open) and a fresh 96-bit IV each time. Stored as version ‖ IV ‖ tag ‖ ciphertext.
 */
@Injectable()
export class GatewaySecrets {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'aadhaarKey'>) {
    this.key = Buffer.from(hkdfSync('sha256', config.aadhaarKey, Buffer.alloc(0), 'vidyalaya payment gateway secret v1', 32));
  }

  seal(schoolId: string, secret: string): Buffer {
    const iv = randomBytes(IV_BYTES);
    const c = createCipheriv('aes-256-gcm', this.key, iv);
    c.setAAD(Buffer.from(schoolId, 'utf8'));
    const body = Buffer.concat([c.update(secret, 'utf8'), c.final()]);
    return Buffer.concat([Buffer.from([VERSION]), iv, c.getAuthTag(), body]);
  }

  open(schoolId: string, sealed: Buffer): string {
    if (sealed[0] !== VERSION) throw new Error('Unknown gateway secret version');
    const iv = sealed.subarray(1, 1 + IV_BYTES);
    const tag = sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
    const d = createDecipheriv('aes-256-gcm', this.key, iv);
    d.setAAD(Buffer.from(schoolId, 'utf8'));
    d.setAuthTag(tag);
    return Buffer.concat([d.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)), d.final()]).toString('utf8');
  }
}
