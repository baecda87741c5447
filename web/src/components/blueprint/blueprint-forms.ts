// The sign-in pages: the form rules on top of the public subset loaded at start. Nothing else of
// Blueprint's stylesheet, and none of its code: the pages draw its controls and their few icons as
// plain markup (components/blueprint/plain-controls.tsx, docs/performance.md).
import '../layout/blueprint-forms.css';
