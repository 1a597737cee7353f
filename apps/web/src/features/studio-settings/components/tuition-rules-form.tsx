import { Alert, Button, Divider, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { StudioMoneySettings } from '@pirouette/domain';
import { useState } from 'react';
import { errorText, notifySuccess } from '../../../lib/notify';
import { useUpdateMoneySettings } from '../api/studio-settings';
import { type MoneyFormValues, moneyFormErrors, moneyFormOf, toMoneyBody } from '../money-form';
import { CardSurchargeCard } from './card-surcharge-card';
import { FamilyEmailsCard } from './family-emails-card';
import {
  FeesCard,
  PlainWordsCard,
  RegistrationsCard,
  SiblingIndexCard,
  UnlimitedCapCard,
} from './tuition-rules-cards';

/** The unlimited cap, the sibling index mode and the fees, each choice explained in plain words. */
export function TuitionRulesForm({ settings }: { settings: StudioMoneySettings }) {
  const form = useForm<MoneyFormValues>({ initialValues: moneyFormOf(settings), validate: moneyFormErrors });
  const update = useUpdateMoneySettings();
  const [error, setError] = useState<string | null>(null);

  const submit = form.onSubmit((v) => {
    setError(null);
    update.mutate(
      { body: toMoneyBody(v) },
      {
        onSuccess: (res) => {
          notifySuccess(res.msg);
          form.setInitialValues(moneyFormOf(res.money));
          form.setValues(moneyFormOf(res.money));
        },
        onError: (e) => setError(errorText(e)),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <UnlimitedCapCard form={form} />
        <SiblingIndexCard form={form} />
        <FeesCard form={form} />
        <CardSurchargeCard form={form} />
        <RegistrationsCard form={form} />
        <FamilyEmailsCard form={form} />
        <PlainWordsCard form={form} />

        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Divider />
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={() => form.reset()}
            disabled={!form.isDirty() || update.isPending}
          >
            Undo changes
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save tuition rules
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
