import { DEFAULT_GENRES, DEFAULT_TERMS } from '@pirouette/domain';
import type { Db } from '../../db/client';
import { genres } from '../../db/schema/catalog';
import { termsDocuments, termsDocumentVersions } from '../../db/schema/terms';
import { generatePaymentSystem } from '../payment-system';

/**
 * What every new studio starts with: the two terms documents (version 1 each), the default genres,
 * and its first year term's payment system. Run inside the transaction that creates the studio.
 */
export async function seedStudioDefaults(
  db: Db,
  studio: {
    companyId: string;
    userId: string | null;
    yearTerm: { id: string; dateStart: string; dateEnd: string };
  },
): Promise<void> {
  const { companyId } = studio;
  const docs = await db
    .insert(termsDocuments)
    .values(DEFAULT_TERMS.map((t, i) => ({ companyId, title: t.title, content: t.content, sortOrder: i })))
    .returning();
  await db.insert(termsDocumentVersions).values(
    docs.map((d) => ({
      companyId,
      documentId: d.id,
      version: 1,
      title: d.title,
      content: d.content,
      createdByUserId: studio.userId,
    })),
  );
  await db.insert(genres).values(DEFAULT_GENRES.map((name, i) => ({ companyId, name, sortOrder: i })));
  await generatePaymentSystem(db, {
    companyId,
    yearTermId: studio.yearTerm.id,
    dateStart: studio.yearTerm.dateStart,
    dateEnd: studio.yearTerm.dateEnd,
  });
}
