// The people domain's wire contract (members, invitations, the workspace's home): `@vidyalaya/shared/people` (also re-exported by the package's main entry).
export * from './schemas';
