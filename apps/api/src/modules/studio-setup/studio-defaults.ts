import { randomUUID } from 'node:crypto';
import { DEFAULT_GENRES, DEFAULT_TERMS } from '@pirouette/domain';
import { insertJson } from '../../db/bulk-insert';
import type { Db } from '../../db/client';
import { genres } from '../../db/schema/catalog';
import { termsDocuments, termsDocumentVersions } from '../../db/schema/terms';
import { generatePaymentSystems } from '../payment-system';

type NewStudio = {
  companyId: string;
  userId: string | null;
  yearTerm: { id: string; dateStart: string; dateEnd: string };
};

/**
 * What every new studio starts with: the two terms documents (version 1 each), the default genres,
 * and its first year term's payment system. Run inside the transaction that creates the studio.
 */
export async function seedStudioDefaults(db: Db, studio: NewStudio): Promise<void> {
  await seedStudiosDefaults(db, [studio]);
}

/**
 * The defaults of many new studios at once (the large seed's thousands of studios beside the large
 * one): the same rows as seedStudioDefaults for each, as JSON in chunked statements, ids made here.
 */
export async function seedStudiosDefaults(db: Db, studios: NewStudio[]): Promise<void> {
  const docs: (typeof termsDocuments.$inferInsert)[] = [];
  const versions: (typeof termsDocumentVersions.$inferInsert)[] = [];
  const genreRows: (typeof genres.$inferInsert)[] = [];
  for (const { companyId, userId } of studios) {
    DEFAULT_TERMS.forEach((t, i) => {
      const id = randomUUID();
      docs.push({ id, companyId, title: t.title, content: t.content, sortOrder: i });
      versions.push({
        companyId,
        documentId: id,
        version: 1,
        title: t.title,
        content: t.content,
        createdByUserId: userId,
      });
    });
    DEFAULT_GENRES.forEach((name, i) => {
      genreRows.push({ companyId, name, sortOrder: i });
    });
  }
  // The terms' texts are long: a few hundred documents a statement.
  await insertJson(db, termsDocuments, docs, 500);
  await insertJson(db, termsDocumentVersions, versions, 500);
  await insertJson(db, genres, genreRows);
  await generatePaymentSystems(
    db,
    studios.map((s) => ({
      companyId: s.companyId,
      yearTermId: s.yearTerm.id,
      dateStart: s.yearTerm.dateStart,
      dateEnd: s.yearTerm.dateEnd,
    })),
  );
}
