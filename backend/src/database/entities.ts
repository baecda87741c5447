import { UserEntity } from '../modules/auth/user.entity';

/** Every entity, listed once (the server, the tests and the tools share this list). */
export const ENTITIES: Function[] = [UserEntity];
