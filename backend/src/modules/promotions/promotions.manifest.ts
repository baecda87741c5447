import { PROMOTIONS_CONTRACT } from '@vidyalaya/shared';
import { defineModule } from '../../common/module-manifest';
import { Promotions1764900000000 } from '../../database/migrations/1764900000000-promotions';
import { PromotionTimetable1765800000000 } from '../../database/migrations/1765800000000-promotion-timetable';
import { PromotionsModule } from './promotions.module';
import { PROMOTION_APPLY_JOB } from './promotions.service';

/** The promotions module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const promotionsManifest = defineModule({
  name: 'promotions',
  module: PromotionsModule,
  migrations: [Promotions1764900000000, PromotionTimetable1765800000000],
  accessKinds: { promotion: { table: 'promotions' } },
  contract: PROMOTIONS_CONTRACT,
  jobs: [PROMOTION_APPLY_JOB],
});
