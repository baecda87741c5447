import { TAGLINE } from '@vidyalaya/shared';
import { Link } from 'react-router';

// Placeholder: replaced by the public site's real home page.
export function Component() {
  return (
    <main>
      <h1>Vidyalaya</h1>
      <p>{TAGLINE}</p>
      <Link to="/register">Start Free Trial</Link>
    </main>
  );
}
