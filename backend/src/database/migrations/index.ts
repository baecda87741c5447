import { Users1763800000000 } from './1763800000000-users';
import { RateLimits1763800000100 } from './1763800000100-rate-limits';

/** Every migration, in order. Add new ones at the end; never edit one that has shipped. */
export const MIGRATIONS: Function[] = [
  Users1763800000000,
  RateLimits1763800000100,
];
