import type { ImportCheckInput, ImportFileSummary, ImportKind } from '@pirouette/domain';
import type { PickedFile } from './files';

/** A field an import fills, as `importSetup.fields[kind]` lists it. */
export type Field = { key: string; label: string; required: boolean; hint: string };

/** The owner's choice for one file on the mapping screen: what it holds, and header → field ('' left out). */
export type FileEdit = { kind: ImportKind | null; mapping: Record<string, string> };

/** The edit a file starts with: what the check applied. */
export const editOf = (file: ImportFileSummary): FileEdit => ({
  kind: file.kind,
  mapping: Object.fromEntries(file.headers.map((h) => [h, file.mapping[h] ?? ''])),
});

/** What the owner changed of a file: `kind` when it differs, and the headers whose field differs. */
export function changesOf(file: ImportFileSummary, edit: FileEdit | undefined) {
  if (!edit) return {};
  if (edit.kind !== file.kind) {
    // Another kind: its fields are another set, so the server maps the columns afresh for it.
    return edit.kind ? { kind: edit.kind } : {};
  }
  const mapping = Object.fromEntries(
    file.headers
      .filter((h) => (edit.mapping[h] ?? '') !== (file.mapping[h] ?? ''))
      .map((h) => [h, edit.mapping[h] ?? '']),
  );
  return Object.keys(mapping).length > 0 ? { ...(file.kind ? { kind: file.kind } : {}), mapping } : {};
}

/** Whether the owner changed anything of a file. */
export const isChanged = (file: ImportFileSummary, edit: FileEdit | undefined) =>
  Object.keys(changesOf(file, edit)).length > 0;

/**
 * The request of "Check again": every file the owner added, with the kind and the headers the owner
 * changed on the mapping screen (the rest mapped as before: the kept mapping, the preset, the names).
 */
export function checkInput(
  source: string,
  picked: readonly PickedFile[],
  files: readonly ImportFileSummary[] = [],
  edits: Record<string, FileEdit> = {},
): ImportCheckInput {
  return {
    source,
    files: picked.map((p) => {
      const summary = files.find((f) => f.name === p.name);
      return {
        name: p.name,
        content: p.content,
        encoding: p.encoding,
        ...(summary ? changesOf(summary, edits[p.name]) : {}),
      };
    }),
  };
}

/**
 * What a file of a kind must have a column for: each requirement is met when every field of one of its
 * groups has a column (a family's name: "Family name", or "Parent last name", or "Parent name").
 */
export type Requirements = readonly (readonly (readonly string[])[])[];

/**
 * The requirements no column meets, in words, as the owner's edit stands: "Family name (or Parent
 * name)". Without the kind's requirements, each required field is one.
 */
export function missingOf(fields: readonly Field[], edit: FileEdit, requirements?: Requirements): string[] {
  const filled = new Set(Object.values(edit.mapping).filter(Boolean));
  const needs = requirements ?? fields.filter((f) => f.required).map((f) => [[f.key]]);
  return needs
    .filter((groups) => !groups.some((group) => group.every((key) => filled.has(key))))
    .map((groups) => {
      const [first, ...others] = groups.map((group) =>
        group.map((key) => labelOf(fields, key)).join(' and '),
      );
      return others.length > 0 ? `${first} (or ${others.join(', or ')})` : (first ?? '');
    });
}

/** The fields more than one column fills, by label. */
export function doubledOf(fields: readonly Field[], edit: FileEdit): string[] {
  const seen = new Map<string, number>();
  for (const key of Object.values(edit.mapping)) if (key) seen.set(key, (seen.get(key) ?? 0) + 1);
  return fields.filter((f) => (seen.get(f.key) ?? 0) > 1).map((f) => f.label);
}

/** A field's label, or the key itself when the setup does not name it. */
export const labelOf = (fields: readonly Field[], key: string) =>
  fields.find((f) => f.key === key)?.label ?? key;
