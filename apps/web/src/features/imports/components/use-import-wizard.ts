import type { ImportBatch } from '@pirouette/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { notifyError } from '../../../lib/notify';
import { useCheckImport } from '../api/imports';
import { isAccepted, type PickedFile, readPicked } from '../lib/files';
import { checkInput, type FileEdit } from '../lib/mapping';
import { OTHER_SOURCE } from './source-step';

/** The most files one import takes (`importCheckInput`). */
const MAX_FILES = 12;

export type WizardStep = 'source' | 'files';

/**
 * The move-in wizard's state: the source, the files read in the browser, the owner's mapping, and the
 * dry run's batch, kept in the address (`?batch=`) so the dry run survives a reload and the past
 * imports open theirs.
 */
export function useImportWizard() {
  const [params, setParams] = useSearchParams();
  const batchId = params.get('batch');
  const [step, setStep] = useState<WizardStep>('source');
  const [choice, setChoice] = useState('');
  const [otherName, setOtherName] = useState('');
  const [otherError, setOtherError] = useState<string | null>(null);
  const [picked, setPicked] = useState<PickedFile[]>([]);
  const [reading, setReading] = useState<{ done: number; total: number } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [edits, setEdits] = useState<Record<string, FileEdit>>({});
  const check = useCheckImport();

  const source = choice === OTHER_SOURCE ? otherName.trim() : choice;

  const toFiles = () => {
    if (choice === OTHER_SOURCE && !otherName.trim()) {
      setOtherError('Give the name of the system the files come from.');
      return;
    }
    setOtherError(null);
    setStep('files');
  };

  const addFiles = async (files: File[]) => {
    const refused = files.filter((f) => !isAccepted(f.name));
    const accepted = files.filter((f) => isAccepted(f.name));
    const names = new Set([...picked.map((p) => p.name), ...accepted.map((f) => f.name)]);
    if (names.size > MAX_FILES) {
      setFileError(`An import takes at most ${MAX_FILES} files at once.`);
      return;
    }
    setFileError(
      refused.length > 0
        ? `${refused.map((f) => f.name).join(', ')}: an import reads CSV, Excel (XLSX), JSON and ZIP files.`
        : null,
    );
    if (accepted.length === 0) return;
    setReading({ done: 0, total: accepted.length });
    const read: PickedFile[] = [];
    try {
      for (const file of accepted) {
        read.push(await readPicked(file));
        setReading({ done: read.length, total: accepted.length });
      }
    } catch {
      setFileError('A file could not be read from your computer: try adding it again.');
    } finally {
      setReading(null);
    }
    // A file added again under the same name takes the place of the first.
    setPicked((was) => [...was.filter((p) => !read.some((r) => r.name === p.name)), ...read]);
  };

  const removeFile = (name: string) => setPicked((was) => was.filter((p) => p.name !== name));

  const send = (from: string, files: ImportBatch['files'] = []) =>
    check.mutate(
      { body: checkInput(from, picked, files, edits) },
      {
        onSuccess: (batch) => {
          setEdits({});
          setParams({ batch: batch.id });
        },
        onError: (error) => notifyError(error),
      },
    );

  const startOver = () => {
    setParams({});
    setPicked([]);
    setEdits({});
    setStep('source');
  };

  return {
    batchId,
    step,
    setStep,
    choice,
    setChoice,
    otherName,
    setOtherName,
    otherError,
    toFiles,
    source,
    picked,
    reading,
    fileError,
    addFiles,
    removeFile,
    edits,
    setEdit: (name: string, edit: FileEdit) => setEdits((was) => ({ ...was, [name]: edit })),
    /** The first check: the files as they are. */
    checkFiles: () => send(source),
    /** Check again, with the owner's changes of the batch's files. */
    checkAgain: (batch: ImportBatch) => send(batch.source, batch.files),
    checking: check.isPending,
    startOver,
  };
}

export type ImportWizard = ReturnType<typeof useImportWizard>;
