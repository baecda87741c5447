import { Button, Card, Tag } from '@blueprintjs/core';
import { AVAILABLE_PLAN_TYPES, FALLBACK_MESSAGES, formatDateIST, FREE_TRIAL_DAYS, PLAN_TYPES, type PlanType, trialDaysLeft } from '@vidyalaya/shared';
import { type SchoolDto } from '@vidyalaya/shared/schools';
import { asApiError } from '../../../lib/api/errors';
import { FREE_TRIAL_INCLUDES, PLAN_NAMES } from '../../../lib/plans';
import { toast, toastError } from '../../../lib/toast';
import { useUpdatePlanMutation } from '../api/dashboard-api';
import { DASHBOARD_TEXT } from '../messages';

const T = DASHBOARD_TEXT.dashboard;
const available = (plan: PlanType) => (AVAILABLE_PLAN_TYPES as readonly PlanType[]).includes(plan);

/** When the trial runs: it starts on approval and lasts FREE_TRIAL_DAYS (DECISIONS "Plans"). */
function trialText(school: SchoolDto): string {
  if (school.isActive && school.trialEndsAt) {
    return trialDaysLeft(school.trialEndsAt) > 0 ? `Your free trial ends on ${formatDateIST(school.trialEndsAt)}.` : T.trialEnded;
  }
  return `Your ${FREE_TRIAL_DAYS}-day free trial starts when your school is approved.`;
}

/**
 * The school's plan (spec §1, DECISIONS "Plans"): the current one, what the free trial includes,
 * and the other plans. Choosing one asks the server (PATCH /school/{id}/plan), which decides what
 * can be chosen: today only the free trial, so Basic, Standard and Premium are marked coming soon and
 * choosing one shows the server's answer, 'This plan is coming soon'. No prices are shown.
 */
export function PlanCard({ school }: { school: SchoolDto }) {
  const [updatePlan, { isLoading, originalArgs }] = useUpdatePlanMutation();
  const current = school.planType;

  async function choose(planType: PlanType) {
    try {
      const result = await updatePlan({ schoolId: school.id, planType }).unwrap();
      toast({ title: 'Plan updated', description: `Your school is now on the ${PLAN_NAMES[result.school.planType]} plan.` });
    } catch (e) {
      // The server's reason when it gave one (e.g. 'This plan is coming soon').
      toastError(FALLBACK_MESSAGES.updatePlan, asApiError(e).serverMessage);
    }
  }

  return (
    <Card className="dash-card dash-plan" elevation={1} role="region" aria-labelledby="dash-plan-title">
      <h2 id="dash-plan-title">Your Plan</h2>
      <div className="dash-plan-body">
        <section aria-labelledby="dash-plan-current" className="dash-plan-current">
          <p className="dash-plan-name">
            <span id="dash-plan-current">{PLAN_NAMES[current]}</span>{' '}
            <Tag round minimal intent="success">
              Current plan
            </Tag>
          </p>
          {current === 'free_trial' ? (
            <>
              <p className="dash-muted">{trialText(school)}</p>
              <ul className="dash-plan-includes" aria-label={`${PLAN_NAMES.free_trial} includes`}>
                {FREE_TRIAL_INCLUDES.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
        <section aria-labelledby="dash-plan-others" className="dash-plan-others">
          <h3 id="dash-plan-others">Other plans</h3>
          <ul className="dash-plan-options" aria-labelledby="dash-plan-others">
            {PLAN_TYPES.filter((plan) => plan !== current).map((plan) => (
              <li key={plan}>
                <span className="dash-plan-option-name">{PLAN_NAMES[plan]}</span>
                {available(plan) ? null : (
                  <Tag round minimal>
                    Coming soon
                  </Tag>
                )}
                <Button
                  size="medium"
                  variant="outlined"
                  intent="primary"
                  text={`Choose ${PLAN_NAMES[plan]}`}
                  loading={isLoading && originalArgs?.planType === plan}
                  disabled={isLoading}
                  onClick={() => void choose(plan)}
                />
              </li>
            ))}
          </ul>
        </section>
      </div>
    </Card>
  );
}
