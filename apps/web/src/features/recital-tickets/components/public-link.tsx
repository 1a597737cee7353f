import { Button, CopyButton, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';

/** The recital's public sales link (`/tickets/<token>`), as the owner shares it once public sales open. */
const publicSaleUrl = (origin: string, token: string) => `${origin}/tickets/${token}`;

/**
 * The link anyone can buy from once public sales open (Seating and prices says when): the owner copies it
 * into the studio's newsletter, website or social pages.
 */
export function PublicLink({ token }: { token: string }) {
  const url = publicSaleUrl(window.location.origin, token);
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="xs">
        <Text fw={600}>Public sales link</Text>
        <Text size="sm" c="dimmed">
          Anyone with this link can buy once public sales open (Seating and prices says when). Families buy
          from their portal.
        </Text>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            aria-label="Public sales link"
            value={url}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            style={{ flex: 1, minWidth: 0 }}
            data-testid="public-sale-url"
          />
          <CopyButton value={url} timeout={2000}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'light' : 'default'}
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
                style={{ flexShrink: 0 }}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button
            component="a"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            variant="subtle"
            leftSection={<IconExternalLink size={16} />}
            visibleFrom="xs"
            style={{ flexShrink: 0 }}
          >
            Open
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
