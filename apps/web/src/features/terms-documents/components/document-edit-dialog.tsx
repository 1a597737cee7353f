import { Alert, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import {
  TERMS_DOCUMENT_LIMITS,
  type TermsDocument,
  type UpdateTermsDocumentInput,
  updateTermsDocumentInput,
} from '@pirouette/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { dialogStyles } from '../../../components/config-dialog';
import { FormButtons } from '../../../components/form-buttons';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { configResolver } from '../../../lib/zod-form';
import { useUpdateDocument } from '../api/terms-documents';
import { headingOf, isUnchanged } from '../document-edit';

const MAX = TERMS_DOCUMENT_LIMITS.content;

type FormProps = { doc: TermsDocument; onClose: () => void };

/** The edit form: every save becomes the document's next version. */
export function DocumentEditForm({ doc, onClose }: FormProps) {
  const form = useForm<UpdateTermsDocumentInput>({
    initialValues: { title: doc.title, content: doc.content },
    validate: configResolver(updateTermsDocumentInput),
  });
  const update = useUpdateDocument();
  const values = form.getValues();
  const unchanged = isUnchanged(doc, values);
  const length = values.content.length;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((data) =>
        update.mutate(
          { params: { id: doc.id }, body: data },
          {
            onSuccess: (result) => {
              notifySuccess(result.msg, `Version ${result.version} saved`);
              onClose();
            },
            onError: (error) => notifyError(error),
          },
        ),
      )}
    >
      <Stack gap="md">
        <Alert variant="light" icon={<IconInfoCircle />} p="sm">
          Saving makes this version {doc.version + 1}. Version {doc.version} stays in the history: parents who
          accepted it keep the text they read.
        </Alert>
        <TextInput label="Title" required {...form.getInputProps('title')} />
        <Textarea
          label="Text"
          description="Line breaks are kept as you type them."
          required
          autosize
          minRows={10}
          maxRows={22}
          data-autofocus
          styles={{ input: { fontSize: 'var(--mantine-font-size-sm)', lineHeight: 1.55 } }}
          {...form.getInputProps('content')}
        />
        <Group justify="space-between" gap="xs" mt={-8}>
          <Text size="xs" c={length > MAX ? 'red' : 'dimmed'} aria-live="polite">
            {length.toLocaleString('en-US')} / {MAX.toLocaleString('en-US')} characters
          </Text>
          {unchanged && (
            <Text size="xs" c="dimmed">
              No changes yet
            </Text>
          )}
        </Group>
        <FormButtons
          gap="sm"
          onCancel={onClose}
          loading={update.isPending}
          submitDisabled={unchanged}
          label={`Save version ${doc.version + 1}`}
        />
      </Stack>
    </form>
  );
}

/** The document dialog's edit mode (documents are seeded: there is no new or del). */
export function DocumentEditDialog({
  doc,
  opened,
  dialogKey,
  onClose,
}: {
  doc: TermsDocument | null;
  opened: boolean;
  dialogKey: number;
  onClose: () => void;
}) {
  const isPhone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      styles={dialogStyles}
      opened={opened}
      onClose={onClose}
      title={doc ? `Edit: ${headingOf(doc.title)}` : 'Edit document'}
      size="xl"
      radius="lg"
      centered
      fullScreen={isPhone}
    >
      {doc && <DocumentEditForm key={dialogKey} doc={doc} onClose={onClose} />}
    </Modal>
  );
}
