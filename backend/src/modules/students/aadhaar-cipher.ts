import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** What is stored of an Aadhaar number: never the number itself. */
export interface SealedAadhaar {
  /** version ‖ IV ‖ GCM tag ‖ ciphertext. */
  cipher: Buffer;
  last4: string;
  /** A keyed hash bound to the school: finds a duplicate in the school, says nothing across schools. */
  hmac: Buffer;
}

/**
 * Aadhaar at rest (DECISIONS "Students"): AES-256-GCM with a key derived from AADHAAR_KEY, the
 * school's id as additional data (a number copied to another school's row does not open), a fresh
 * 96-bit IV per number. A second derived key makes the duplicate-detection HMAC.
 */
@Injectable()
export class AadhaarCipher {
  private readonly encKey: Buffer;
  private readonly macKey: Buffer;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'aadhaarKey'>) {
    this.encKey = Buffer.from(hkdfSync('sha256', config.aadhaarKey, Buffer.alloc(0), 'vidyalaya aadhaar encryption v1', 32));
    this.macKey = Buffer.from(hkdfSync('sha256', config.aadhaarKey, Buffer.alloc(0), 'vidyalaya aadhaar hmac v1', 32));
  }

  seal(schoolId: string, digits: string): SealedAadhaar {
    const iv = randomBytes(IV_BYTES);
    const c = createCipheriv('aes-256-gcm', this.encKey, iv);
    c.setAAD(Buffer.from(schoolId, 'utf8'));
    const body = Buffer.concat([c.update(digits, 'utf8'), c.final()]);
    return { cipher: Buffer.concat([Buffer.from([VERSION]), iv, c.getAuthTag(), body]), last4: digits.slice(-4), hmac: this.hmac(schoolId, digits) };
  }

  open(schoolId: string, cipher: Buffer): string {
    if (cipher[0] !== VERSION) throw new Error('Unknown Aadhaar cipher version');
    const iv = cipher.subarray(1, 1 + IV_BYTES);
    const tag = cipher.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
    const d = createDecipheriv('aes-256-gcm', this.encKey, iv);
    d.setAAD(Buffer.from(schoolId, 'utf8'));
    d.setAuthTag(tag);
    return Buffer.concat([d.update(cipher.subarray(1 + IV_BYTES + TAG_BYTES)), d.final()]).toString('utf8');
  }

  hmac(schoolId: string, digits: string): Buffer {
    return createHmac('sha256', this.macKey).update(`${schoolId}:${digits}`).digest();
  }
}
