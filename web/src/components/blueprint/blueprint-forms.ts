// The sign-in pages: the form rules on top of the public subset loaded at start, and the icon loader.
// Nothing else of Blueprint's stylesheet (docs/performance.md).
import '../layout/blueprint-forms.css';
import { Icons, IconSize } from '@blueprintjs/icons';
import './icon-loader';

// The icons these forms draw, loaded before the page renders: the pre-rendered page (built with them)
// and the first render in the browser then draw the same SVGs, and nothing moves when they arrive.
await Promise.all([
  Icons.load(['learning'], IconSize.LARGE),
  Icons.load(['learning', 'user', 'lock', 'envelope', 'key', 'eye-open', 'arrow-left'], IconSize.STANDARD),
]);
