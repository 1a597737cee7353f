/** The import's sentences (issue 35, decision 054), the server's and the screens'. */
export const IMPORT_TEXT = {
  notFound: 'This import was not found.',
  alreadyRun: 'This import has already been run: check the files again to import them again.',
  replaced: 'A newer check of the files replaced this one: import that one.',
  failedBefore: 'This import failed and wrote nothing: check the files again.',
  notReady: 'Nothing to import yet: fix the files or their columns, and check them again.',
  imported: (rows: number) => `Imported: ${rows} ${rows === 1 ? 'row' : 'rows'} written.`,
  failed: (place: string, why: string) =>
    `Nothing was imported: ${place} could not be written (${why}). Fix it and check the files again.`,
  refusedAtWrite: (why: string) =>
    `Nothing was imported: ${why.replace(/\.$/, '')}. Fix it and check the files again.`,
  noInvitations: 'Every imported parent has been invited already.',
  invited: (n: number) => `${n} ${n === 1 ? 'invitation' : 'invitations'} sent.`,
  tooManyChecks: 'Too many checks of files in a short time: wait a few minutes and try again.',
  unreadable: 'The upload could not be read: send the files again.',
} as const;
