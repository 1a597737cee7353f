import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { messages, type Teacher } from '@pirouette/domain';
import { IconPlus, IconUserStar } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { findSection } from '../../../app/paths/admin-sections';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { errorText } from '../../../lib/notify';
import { useDialog } from '../../../lib/use-dialog';
import { useTeachers } from '../api/teachers';
import { TeacherDialog } from '../components/teacher-dialog';
import { TeacherCards, TeacherTable } from '../components/teacher-list';

/** Below this width the teachers are cards, not a table (Mantine's `sm`). */
const PHONE_QUERY = '(max-width: 48em)';

/** The studio's teachers (002 §2) with add, edit and delete dialogs. */
export function TeachersPage() {
  const section = findSection('staff');
  const teachers = useTeachers();
  const dialog = useDialog<Teacher>();
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });

  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => dialog.open('new')}>
      Add teacher
    </Button>
  );
  const onEdit = (t: Teacher) => dialog.open('edit', t);
  const onDelete = (t: Teacher) => dialog.open('del', t);

  let body: ReactNode;
  if (teachers.isPending) body = <Skeleton h={220} radius="lg" />;
  else if (teachers.isError)
    body = (
      <LoadError
        message={errorText(teachers.error, messages.loadFailed)}
        onRetry={() => teachers.refetch()}
      />
    );
  else if (teachers.data.length === 0)
    body = (
      <EmptyState title={section.emptyTitle} icon={IconUserStar} action={addButton}>
        {section.emptyText}
      </EmptyState>
    );
  else
    body = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {teachers.data.length === 1 ? '1 teacher' : `${teachers.data.length} teachers`}, by last name
        </Text>
        {isPhone ? (
          <TeacherCards teachers={teachers.data} onEdit={onEdit} onDelete={onDelete} />
        ) : (
          <TeacherTable teachers={teachers.data} onEdit={onEdit} onDelete={onDelete} />
        )}
      </Stack>
    );

  return (
    <Stack gap="lg">
      <PageHeader
        title={section.title}
        description={section.description}
        actions={teachers.data?.length ? addButton : undefined}
      />
      {body}
      <TeacherDialog state={dialog.state} opened={dialog.opened} onClose={dialog.close} />
    </Stack>
  );
}
