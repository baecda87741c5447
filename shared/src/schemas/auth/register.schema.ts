// Moved to shared/src/auth/schemas.ts (issue 12); kept so files written against the old path still build. Import '../auth/schemas' instead.
export * from '../../auth/schemas';
