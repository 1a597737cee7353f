import { Stack, Text } from '@mantine/core';
import type { RegistrationBuilder } from '@pirouette/domain';
import { hasChanges } from '../lib/selection';
import { FeeLine } from './fee-line';
import { PlanStep } from './plan-step';
import { PricePanel } from './price-panel';
import { Refused } from './refused-alert';
import { ReviewStep } from './review-step';
import { TermsStep } from './terms-step';
import type { ParentWizard } from './use-parent-wizard';

type Props = { builder: RegistrationBuilder; w: ParentWizard };

/** The review step: what changes, the registration fee, what is refused, and the new monthly figures. */
export function ParentReview({ builder, w }: Props) {
  const changed = hasChanges(w.selection);
  return (
    <Stack gap="md">
      <ReviewStep builder={builder} selection={w.selection} quote={w.quote} />
      {changed && <FeeLine amount={w.fee} participation={builder.rules.registrationFee.participation} />}
      <Refused refused={w.refused} />
      {changed && <PricePanel quote={w.quote} newKeys={w.selection.added} />}
    </Stack>
  );
}

/** The plan step, or why none is needed. */
export function ParentPlan({ builder, w }: Props) {
  if (w.previews.length === 0 && !builder.plan)
    return <Text>No payment plan is needed: the family has no classes left this season.</Text>;
  return (
    <Stack gap="md">
      <FeeLine amount={w.fee} participation={builder.rules.registrationFee.participation} />
      <PlanStep builder={builder} previews={w.previews} chosen={w.planId} onChoose={w.choosePlan} />
    </Stack>
  );
}

/** The terms step: each of the studio's terms to accept. */
export function ParentTerms({ builder, w }: Props) {
  return <TermsStep terms={builder.terms} accepted={w.accepted} onAccept={w.accept} />;
}
