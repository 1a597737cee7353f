import { Checkbox, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { RegistrationBuilder } from '@pirouette/domain';

type Props = {
  terms: RegistrationBuilder['terms'];
  /** coTermID → the version accepted. */
  accepted: ReadonlyMap<string, number>;
  onAccept: (coTermID: string, version: number | null) => void;
};

/** Step 3: the studio's documents, each read and accepted in the version shown (the version is sent). */
export function TermsStep({ terms, accepted, onAccept }: Props) {
  return (
    <Stack gap="md">
      {terms.map((t) => (
        <Paper key={t.coTermID} withBorder p="md" radius="md" data-testid="terms-document">
          <Stack gap="sm">
            <Title order={4} tt="capitalize">
              {t.title}
            </Title>
            <ScrollArea.Autosize mah={240} type="auto">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {t.body}
              </Text>
            </ScrollArea.Autosize>
            <Checkbox
              label={`I have read and accept the ${t.title} (version ${t.version})`}
              checked={accepted.get(t.coTermID) === t.version}
              onChange={(e) => onAccept(t.coTermID, e.currentTarget.checked ? t.version : null)}
            />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
