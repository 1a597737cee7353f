import { Anchor, Container, Group, Text } from '@mantine/core';
import { APP_DESCRIPTION, APP_NAME } from '@pirouette/domain';
import { Link } from 'react-router';
import { ShareLinks } from '../../components/share-links';

export function SiteFooter() {
  return (
    <Container size="lg" py="xl" component="footer">
      <Group justify="space-between" gap="md">
        <div>
          <Text fw={700}>{APP_NAME}</Text>
          <Text size="sm" c="dimmed">
            {APP_DESCRIPTION}
          </Text>
        </div>
        <Group gap="lg">
          <Anchor component={Link} to="/privacy" size="sm" c="dimmed">
            Privacy
          </Anchor>
          <Anchor component={Link} to="/terms" size="sm" c="dimmed">
            Terms
          </Anchor>
          <ShareLinks />
        </Group>
      </Group>
    </Container>
  );
}
