import { messages, type ParentCompanyResult } from '@pirouette/domain';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/companies';
import { termsDocuments } from '../../db/schema/terms';
import { AppError } from '../../http/errors';

/** What the parent sign-up page shows of a studio: its name and the terms a parent accepts. */
export async function getParentCompany({
  db,
  companyId,
}: {
  db: Db;
  companyId: string;
}): Promise<ParentCompanyResult> {
  const [company] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!company) throw new AppError('not_found', messages.studioNotFound);
  const terms = await db
    .select({
      id: termsDocuments.id,
      title: termsDocuments.title,
      content: termsDocuments.content,
      version: termsDocuments.version,
    })
    .from(termsDocuments)
    .where(eq(termsDocuments.companyId, companyId))
    .orderBy(asc(termsDocuments.sortOrder), asc(termsDocuments.createdAt), asc(termsDocuments.id));
  return { cName: company.name, terms };
}
