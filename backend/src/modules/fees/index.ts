// What other modules may use of the fees module besides FeesService: the year-end fee work (promotions).
export { FeeRolloverService, type StructurePreview } from './fee-rollover.service';
