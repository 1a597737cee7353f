import { Button, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { isId, messages, type PrivateLesson, todayInZone } from '@pirouette/domain';
import { IconMapPin, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { findSection } from '../../../app/paths/admin-sections';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { errorText } from '../../../lib/notify';
import { useDialog } from '../../../lib/use-dialog';
import { useSession } from '../../../lib/use-session';
import { useYearTerms } from '../../year-terms/api/year-terms';
import { usePrivateFormInputs, usePrivates } from '../api/privates';
import { PrivateDialog } from '../components/private-dialog';
import { PrivateGroups } from '../components/private-groups';
import { PrivateInfo } from '../components/private-info';
import { PrivatesEmpty, type PrivatesGap } from '../components/privates-empty';
import { RegistrationDialog, type RegistrationTarget } from '../components/registration-dialog';
import { groupPrivates, typeSummary } from '../group-privates';

/** The address keeps the chosen location and the open lesson, so a reload or a shared link shows the same. */
export const LOCATION_PARAM = 'loc';
export const LESSON_PARAM = 'priv';

/** Private lessons (002 §2): by type then teacher, with the info, add-private and add-registration dialogs. */
export function PrivatesPage() {
  const section = findSection('privates');
  const session = useSession();
  const [params, setParams] = useSearchParams();
  // A hand-edited address that holds no id falls back to the server's choice instead of a 400.
  const locParam = isId(params.get(LOCATION_PARAM)) ? params.get(LOCATION_PARAM) : null;
  const lessonParam = params.get(LESSON_PARAM);
  // The guard renders this page with a session; waiting for it spares a fetch for a term not yet known.
  const privates = usePrivates({ yrTrmID: session?.yrTrm?.id ?? null, locID: locParam }, !!session);
  const data = privates.data;
  const yearTermID = data?.yrTrmID ?? session?.yrTrm?.id ?? null;
  const locID = data?.selIDs.locID ?? locParam;
  const inputs = usePrivateFormInputs(yearTermID, !!data && data.loc.length > 0);
  const terms = useYearTerms();
  const privateDialog = useDialog<PrivateLesson>();
  const registrationDialog = useDialog<RegistrationTarget>();

  const lessons = data?.priv ?? [];
  const groups = useMemo(() => groupPrivates(data?.priv ?? []), [data?.priv]);
  const selected = lessons.find((l) => l.id === lessonParam) ?? null;
  // The drawer keeps showing its lesson while it slides shut.
  const [shown, setShown] = useState<PrivateLesson | null>(null);
  useEffect(() => {
    if (selected) setShown(selected);
  }, [selected]);

  const setParam = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  const openLesson = (lesson: PrivateLesson) =>
    setParam({ [LESSON_PARAM]: lesson.id === lessonParam ? null : lesson.id });
  const closeLesson = () => setParam({ [LESSON_PARAM]: null });

  const locationName = (id: string | null) => data?.loc.find((l) => l.id === id)?.name ?? '';
  const termOf = (lesson: PrivateLesson) => {
    const term = terms.data?.find((t) => t.id === lesson.yearTermID) ?? session?.yrTrm ?? null;
    return term && { dateStart: term.dateStart, dateEnd: term.dateEnd };
  };
  const today = todayInZone(session?.user.timeZone || undefined);

  const addButton = (
    <Button
      leftSection={<IconPlus size={16} />}
      onClick={() => privateDialog.open('new')}
      loading={inputs.isPending}
    >
      Add private
    </Button>
  );

  let gap: PrivatesGap | null = null;
  if (data) {
    if (!yearTermID) gap = 'term';
    else if (data.loc.length === 0) gap = 'locations';
    else if (lessons.length === 0 && inputs.data?.prices.length === 0) gap = 'prices';
    else if (lessons.length === 0 && inputs.data?.teachers.length === 0) gap = 'teachers';
    else if (lessons.length === 0) gap = 'lessons';
  }

  let body: ReactNode;
  if (privates.isPending) body = <Skeleton h={280} radius="lg" />;
  else if (privates.isError)
    body = (
      <LoadError
        message={errorText(privates.error, messages.loadFailed)}
        onRetry={() => privates.refetch()}
      />
    );
  else if (gap === 'lessons' && inputs.isPending) body = <Skeleton h={220} radius="lg" />;
  else if (gap)
    body = (
      <PrivatesEmpty
        gap={gap}
        yearTermID={yearTermID}
        locationName={locationName(locID)}
        addButton={addButton}
      />
    );
  else body = <PrivateGroups groups={groups} selectedId={lessonParam} onOpen={openLesson} />;

  const showPicker = !!data && data.loc.length > 0 && gap !== 'term';
  return (
    <Stack gap="lg">
      <PageHeader
        title={section.title}
        description={section.description}
        actions={lessons.length > 0 ? addButton : undefined}
      />
      {showPicker && (
        <Group justify="space-between" align="flex-end" gap="sm">
          <Select
            label="Location"
            w={{ base: '100%', xs: 300 }}
            leftSection={<IconMapPin size={16} />}
            data={data.loc.map((l) => ({ value: l.id, label: l.name }))}
            value={locID}
            allowDeselect={false}
            onChange={(id) => id && setParam({ [LOCATION_PARAM]: id, [LESSON_PARAM]: null })}
          />
          {lessons.length > 0 && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {lessons.length === 1 ? '1 lesson' : `${lessons.length} lessons`}: {typeSummary(groups)}
            </Text>
          )}
        </Group>
      )}
      {body}
      <PrivateInfo
        lesson={selected ?? shown}
        opened={!!selected}
        onClose={closeLesson}
        locationName={locationName}
        onEdit={(lesson) => privateDialog.open('edit', lesson)}
        onDelete={(lesson) => privateDialog.open('del', lesson)}
        onRegister={(lesson, registeredIds) => registrationDialog.open('new', { lesson, registeredIds })}
      />
      <PrivateDialog
        state={privateDialog.state}
        opened={privateDialog.opened}
        onClose={privateDialog.close}
        inputs={inputs.data}
        inputsError={
          inputs.isError
            ? { message: errorText(inputs.error, messages.loadFailed), retry: () => inputs.refetch() }
            : null
        }
        locationID={locID}
        onCreated={(_id, locationID) => locationID !== locID && setParam({ [LOCATION_PARAM]: locationID })}
        onDeleted={(id) => id === lessonParam && closeLesson()}
      />
      <RegistrationDialog
        state={registrationDialog.state}
        opened={registrationDialog.opened}
        onClose={registrationDialog.close}
        termOf={termOf}
        today={today}
      />
    </Stack>
  );
}
