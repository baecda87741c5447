import { defineContract } from './contract';

/** The principal's insights (issue 33): permissions only, one per chart and one for the page. */
export const INSIGHTS_CONTRACT = defineContract({
  name: 'insights',
  errors: {},
  permissions: [
    'insights.read', // the insights page in the menu (admin, office, accountant); each chart needs its own permission below
    'insights.attendance', // the principal's insights: attendance over time, by class, under 75 %
    'insights.fees', // dues against collections by month, by mode, the ageing of what is unpaid
    'insights.results', // an exam's grade distribution per subject and section means
    'insights.strength', // strength by class (boys, girls, RTE, CWSN: the UDISE+ view)
  ],
  grants: {
    office: ['insights.read', 'insights.attendance', 'insights.strength'],
    accountant: ['insights.read', 'insights.fees'],
  },
});
