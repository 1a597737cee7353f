import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { registrationKey } from '@pirouette/domain';
import { useMemo, useState } from 'react';
import { errorText } from '../../../lib/notify';
import { useAcceptOffer } from '../../waitlist/api/waitlist';
import type { AcceptOfferProps } from '../../waitlist/components/waitlist-card';
import { useRegistrationBuilder } from '../api/class-registration';
import { liveQuote, planPreviews } from '../lib/quote';
import type { Selection } from '../lib/selection';
import { feeDue } from '../lib/submit-body';
import { FeeLine } from './fee-line';
import { PlanStep } from './plan-step';
import { TermsStep } from './terms-step';

/**
 * Taking a place when the family has no plan for the season yet: the plan is chosen and the studio's
 * terms accepted here, as the wizard's plan and terms steps ask them, then sent with the acceptance.
 */
export function AcceptOfferDialog({ entry, builder: family, onClose, onAccepted }: AcceptOfferProps) {
  // The builder holds one location's week (decision 082): the offered class's week is read when the
  // family's does not list it, so the place is priced with the class's own price and discounts.
  const listed = family.sched.cls.some((c) => c.id === entry.clSchID);
  const atClass = useRegistrationBuilder({ locID: null, clSchID: entry.clSchID }, !listed);
  const builder = listed ? family : (atClass.data ?? family);
  // Until the class's week is here, the previews and the fee would be the family's week's, without it.
  const priced = listed || atClass.data !== undefined;
  const accept = useAcceptOffer();
  const selection: Selection = useMemo(
    () => ({ added: new Set([registrationKey(entry.stdID, entry.clSchID)]), dropped: new Set() }),
    [entry],
  );
  const previews = useMemo(
    () => planPreviews(builder, selection, liveQuote(builder, selection)),
    [builder, selection],
  );
  const [planId, setPlanId] = useState<string | null>(
    () => builder.paySys.find((p) => p.isDefault)?.id ?? builder.paySys[0]?.id ?? null,
  );
  const [accepted, setAccepted] = useState<ReadonlyMap<string, number>>(new Map());
  const [refusal, setRefusal] = useState<string | null>(null);
  const termsDone = builder.terms.every((t) => accepted.get(t.coTermID) === t.version);
  const send = () => {
    if (!planId) return;
    accept.mutate(
      {
        params: { id: entry.id },
        body: {
          tuitList: { id: planId },
          terms: builder.terms
            .filter((t) => accepted.get(t.coTermID) === t.version)
            .map((t) => ({ coTermID: t.coTermID, accepted: true, version: t.version })),
        },
      },
      { onSuccess: onAccepted, onError: (error) => setRefusal(errorText(error)) },
    );
  };
  return (
    <Modal opened onClose={onClose} title={`Take the place in ${entry.className}`} size="xl" centered>
      <Stack gap="md">
        <Text size="sm">
          It is {entry.student}'s first class this season: choose how the family pays for the season
          {builder.terms.length > 0 ? ', and read the studio’s terms' : ''}.
        </Text>
        <FeeLine
          amount={feeDue(builder, selection)}
          participation={builder.rules.registrationFee.participation}
        />
        <Title order={4}>Payment plan</Title>
        <PlanStep
          builder={builder}
          previews={previews}
          chosen={planId}
          onChoose={(id) => {
            setRefusal(null);
            setPlanId(id);
          }}
        />
        {builder.terms.length > 0 && (
          <>
            <Title order={4}>Terms</Title>
            <TermsStep
              terms={builder.terms}
              accepted={accepted}
              onAccept={(id, version) => {
                setRefusal(null);
                setAccepted((m) => {
                  const copy = new Map(m);
                  if (version === null) copy.delete(id);
                  else copy.set(id, version);
                  return copy;
                });
              }}
            />
          </>
        )}
        {!listed && atClass.error && (
          <Alert color="red" data-testid="accept-week-error">
            {errorText(atClass.error)}
          </Alert>
        )}
        {refusal && (
          <Alert color="red" data-testid="accept-refusal">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Not now
          </Button>
          <Button
            onClick={send}
            disabled={!planId || !termsDone || !priced}
            loading={accept.isPending || (!priced && atClass.isLoading)}
          >
            Take the place
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
