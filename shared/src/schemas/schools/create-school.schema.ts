// Moved to shared/src/schools/schemas.ts (issue 12); kept so files written against the old path still build. Import '../schools/schemas' instead.
export * from '../../schools/schemas';
