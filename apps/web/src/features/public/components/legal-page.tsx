import { Container, List, Stack, Text, Title } from '@mantine/core';

export type LegalSection = { heading: string; paragraphs?: string[]; items?: string[] };

/** A readable legal document: a title, when it was last changed, and numbered sections. */
export function LegalPage({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  updated: string;
  intro: string;
  sections: LegalSection[];
}) {
  return (
    <Container size="sm" py={{ base: 40, md: 64 }}>
      <Stack gap="xl">
        <Stack gap={6}>
          <Title order={1}>{title}</Title>
          <Text size="sm" c="dimmed">
            Last updated {updated}
          </Text>
          <Text lh={1.7}>{intro}</Text>
        </Stack>
        {sections.map((section, i) => (
          <Stack key={section.heading} gap="xs" component="section">
            <Title order={2} fz="xl">
              {i + 1}. {section.heading}
            </Title>
            {section.paragraphs?.map((p) => (
              <Text key={p} lh={1.7}>
                {p}
              </Text>
            ))}
            {section.items && (
              <List spacing={6} withPadding>
                {section.items.map((item) => (
                  <List.Item key={item}>
                    <Text lh={1.6}>{item}</Text>
                  </List.Item>
                ))}
              </List>
            )}
          </Stack>
        ))}
      </Stack>
    </Container>
  );
}
