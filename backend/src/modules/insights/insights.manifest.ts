import { INSIGHTS_CONTRACT } from '@vidyalaya/shared';
import { defineModule } from '../../common/module-manifest';
import { InsightsAttendanceSummary1766000000000 } from '../../database/migrations/1766000000000-insights-attendance-summary';
import { InsightsAnswers1766000000100 } from '../../database/migrations/1766000000100-insights-answers';
import { InsightsChangeLog1766000000200 } from '../../database/migrations/1766000000200-insights-change-log';
import { FeesChangeWatches1766000000300 } from '../../database/migrations/1766000000300-fees-change-watches';
import { AttendanceFlipsAdded1766000000400 } from '../../database/migrations/1766000000400-attendance-flips-added';
import { InsightsModule } from './insights.module';

/** The insights module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const insightsManifest = defineModule({
  name: 'insights',
  module: InsightsModule,
  contract: INSIGHTS_CONTRACT,
  migrations: [InsightsAttendanceSummary1766000000000, InsightsAnswers1766000000100, InsightsChangeLog1766000000200, FeesChangeWatches1766000000300, AttendanceFlipsAdded1766000000400],
});
