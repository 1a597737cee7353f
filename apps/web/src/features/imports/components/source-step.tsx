import { Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';

/** The value of the choice "Another system / a spreadsheet". */
export const OTHER_SOURCE = 'other';
const OTHER_HELP =
  'Export each list from your system as CSV or Excel (File → Save as → CSV in a spreadsheet): families with their address and phones, dancers with their birth dates, classes, enrolments, and what each family owes. You map the columns after the check; the mapping is kept for the next file.';

type Preset = { key: string; name: string; help: string };

type Props = {
  presets: readonly Preset[];
  /** A preset's key, OTHER_SOURCE, or '' before a choice. */
  choice: string;
  onChoice: (key: string) => void;
  otherName: string;
  onOtherName: (name: string) => void;
  /** The sentence under the name of another system when it is missing. */
  otherError: string | null;
};

/** The first step: where the files come from, with what to export from there. */
export function SourceStep({ presets, choice, onChoice, otherName, onOtherName, otherError }: Props) {
  const options = [
    ...presets,
    { key: OTHER_SOURCE, name: 'Another system or a spreadsheet', help: OTHER_HELP },
  ];
  return (
    <Radio.Group
      value={choice}
      onChange={onChoice}
      label="Where do your families come from?"
      description="Pick the system you use today: Pirouette knows the export files of the first ones."
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="sm">
        {options.map((o) => (
          <Radio.Card
            key={o.key}
            value={o.key}
            p="md"
            radius="md"
            aria-label={o.name}
            style={{ position: 'relative', display: 'flex', alignItems: 'flex-start' }}
          >
            <Stack gap={6}>
              <Radio.Indicator style={{ position: 'absolute', top: 16, right: 16 }} />
              <Text fw={600} pr={32}>
                {o.name}
              </Text>
              <Text size="sm" c="dimmed">
                {o.help}
              </Text>
            </Stack>
          </Radio.Card>
        ))}
      </SimpleGrid>
      {choice === OTHER_SOURCE && (
        <TextInput
          mt="md"
          label="Name of your system"
          description="Imported records remember it, and opening balances say they come from it."
          placeholder="Akada, DanceStudio-Pro, Our spreadsheet…"
          value={otherName}
          maxLength={60}
          onChange={(e) => onOtherName(e.currentTarget.value)}
          error={otherError}
          required
          maw={420}
        />
      )}
    </Radio.Group>
  );
}
