import type { ImportCheckInput } from '@pirouette/domain';
import { emptyImportRecords } from '@pirouette/domain';
import type { ReadFiles } from './check.service';

type Upload = ImportCheckInput['files'][number];

/**
 * Reads the uploaded files into records (decision 054): each decoded (base64 for XLSX and ZIP), read by
 * the parser (wt/parse: `readImportFile`, `tableOfFile`), its columns mapped by the owner's mapping,
 * then the source's kept one, then its preset. TODO(wt/parse): until the parser is merged, a file is
 * refused whole.
 */
export async function readUploads(
  files: Upload[],
  _source: { key: string; name: string },
  _kept: { kind: string; mapping: Record<string, string> }[],
): Promise<ReadFiles> {
  return {
    summaries: files.map((f) => ({
      name: f.name,
      kind: f.kind ?? null,
      rows: 0,
      headers: [],
      mapping: {},
      missing: [],
      problem: 'Files cannot be read yet.',
    })),
    records: emptyImportRecords(),
    refusals: [],
    keep: [],
  };
}
