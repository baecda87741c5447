import { bootstrap } from './app/bootstrap';
import { webPlatform } from './lib/platform/web-platform';

void bootstrap(webPlatform);
