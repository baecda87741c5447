import { OtpEntity } from '../modules/auth/otp.entity';
import { PasswordResetTokenEntity } from '../modules/auth/password-reset-token.entity';
import { RefreshTokenEntity } from '../modules/auth/refresh-token.entity';
import { UserEntity } from '../modules/auth/user.entity';
import { SchoolDecisionEntity } from '../modules/approvals/school-decision.entity';
import { ContactMessageEntity } from '../modules/contact/contact-message.entity';
import { SchoolEntity } from '../modules/schools/school.entity';

/** Every entity, listed once (the server, the tests and the tools share this list). */
export const ENTITIES: Function[] = [UserEntity, OtpEntity, RefreshTokenEntity, PasswordResetTokenEntity];
ENTITIES.push(SchoolEntity, SchoolDecisionEntity, ContactMessageEntity);
