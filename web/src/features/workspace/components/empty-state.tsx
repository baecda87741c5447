// Shared by every module's pages: lib/ui/empty-state.
export { EmptyState } from '../../../lib/ui/empty-state';
