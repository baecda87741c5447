/** Spec §1: what the free trial includes (defined with the other plans, which the dashboard shows too). */
export { FREE_TRIAL_INCLUDES } from '../../../lib/free-trial';
