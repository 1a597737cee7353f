import { Skeleton, Stack } from '@mantine/core';
import { messages, type TermsDocument } from '@pirouette/domain';
import { IconFileText } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { findSection } from '../../../app/paths/admin-sections';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { errorText } from '../../../lib/notify';
import { useDialog } from '../../../lib/use-dialog';
import { useSession } from '../../../lib/use-session';
import { useDocuments } from '../api/terms-documents';
import { DocumentCard } from '../components/document-card';
import { DocumentEditDialog } from '../components/document-edit-dialog';
import { DocumentVersionsDialog } from '../components/document-versions-dialog';

/** The studio's terms documents (000 §3): edited into new versions, each version kept. */
export function DocumentsPage() {
  const section = findSection('myStudio/document');
  const timeZone = useSession()?.user.timeZone;
  const documents = useDocuments();
  const edit = useDialog<TermsDocument>();
  const [historyOf, setHistoryOf] = useState<TermsDocument | null>(null);
  const [historyOpened, setHistoryOpened] = useState(false);

  let body: ReactNode;
  if (documents.isPending) body = <Skeleton h={240} radius="lg" />;
  else if (documents.isError)
    body = (
      <LoadError
        message={errorText(documents.error, messages.loadFailed)}
        onRetry={() => documents.refetch()}
      />
    );
  else if (documents.data.length === 0)
    body = (
      <EmptyState title={section.emptyTitle} icon={IconFileText}>
        {section.emptyText}
      </EmptyState>
    );
  else
    body = documents.data.map((doc) => (
      <DocumentCard
        key={doc.id}
        doc={doc}
        timeZone={timeZone}
        onEdit={() => edit.open('edit', doc)}
        onHistory={() => {
          setHistoryOf(doc);
          setHistoryOpened(true);
        }}
      />
    ));

  return (
    <Stack gap="lg">
      <PageHeader
        title={section.title}
        description="The studio terms parents read and accept when they register. Every edit is saved as a new version; a parent's acceptance names the version they read."
      />
      {body}
      <DocumentEditDialog
        doc={edit.state?.target ?? null}
        dialogKey={edit.state?.key ?? 0}
        opened={edit.opened}
        onClose={edit.close}
      />
      <DocumentVersionsDialog
        doc={historyOf}
        opened={historyOpened}
        timeZone={timeZone}
        onClose={() => setHistoryOpened(false)}
      />
    </Stack>
  );
}
