import { Outlet } from 'react-router';

// Placeholder: the public shell (header, footer) replaces this.
export function Component() {
  return <Outlet />;
}
