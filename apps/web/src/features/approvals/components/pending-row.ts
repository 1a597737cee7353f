import type { AnswerOf, ownerRegistrationCalls } from '@pirouette/domain';

/** One registration waiting for approval, as GET …/registration/pending answers it. */
export type PendingRow = AnswerOf<typeof ownerRegistrationCalls.pending>[number];

/** What the owner is asked to confirm: approve (1) or reject (-1) these registrations. */
export type StatusRequest = { status: 1 | -1; rows: PendingRow[] };
