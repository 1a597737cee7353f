import { Card, Stack, Switch, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { FAMILY_EMAIL_KINDS, FAMILY_EMAIL_LABELS } from '@pirouette/domain';
import type { MoneyFormValues } from '../money-form';

/**
 * The e-mails families receive about what they owe and their registrations, one switch each (issue 31
 * point 11). Each is sent once, and listed on the family's log.
 */
export function FamilyEmailsCard({ form }: { form: UseFormReturnType<MoneyFormValues> }) {
  return (
    <Card>
      <Stack gap="sm">
        <div>
          <Title order={3} fz="md">
            E-mails to families
          </Title>
          <Text size="sm" c="dimmed">
            Each is sent once, in plain words, and shows on the family's log. Receipts and automatic payment
            notices are always sent.
          </Text>
        </div>
        {FAMILY_EMAIL_KINDS.map((kind) => (
          <Switch
            key={kind}
            size="md"
            label={FAMILY_EMAIL_LABELS[kind].label}
            description={FAMILY_EMAIL_LABELS[kind].description}
            {...form.getInputProps(`familyEmails.${kind}`, { type: 'checkbox' })}
          />
        ))}
      </Stack>
    </Card>
  );
}
