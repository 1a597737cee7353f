import { ERROR_REASON_HEADER, importCalls } from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { answer, checkFakeAnswer, type FakeAnswer } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { BATCH_ID, checked, NEXT_BATCH_ID, refusedRow, rowPage, setup, totals } from './import-fixtures';
import { ImportPage } from './import-page';

const PAGE = '/accounts/admin/myStudio/import';

type Sent = { method: string; url: string; body: unknown };
type Handler = (
  method: string,
  url: string,
  body: unknown,
) => FakeAnswer | undefined | Promise<FakeAnswer | undefined>;

/** The fake server, whose answers may wait (a run pending while its progress is read). */
function fakeApi(handler: Handler) {
  const sent: Sent[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, url, body });
    const [status, data, reason] = (await handler(method, url, body)) ?? [404, [false, 'Not found']];
    checkFakeAnswer(method, url, status, data);
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (reason) headers[ERROR_REASON_HEADER] = reason;
    return new Response(JSON.stringify(data), { status, headers });
  });
  return sent;
}

/** The usual answers: the setup, no past import, the dry run and its rows. */
function common(method: string, url: string): FakeAnswer | undefined {
  if (method === 'GET' && url === '/api/mystudio/imports/setup') return answer(importCalls.setup, setup);
  if (method === 'GET' && url === '/api/mystudio/imports') return answer(importCalls.list, []);
  if (method === 'GET' && url.startsWith(`/api/mystudio/imports/${BATCH_ID}/rows`))
    return answer(importCalls.rows, rowPage([refusedRow]));
  if (method === 'GET' && url === `/api/mystudio/imports/${BATCH_ID}`)
    return answer(importCalls.read, checked());
  return undefined;
}

function Where() {
  const { search } = useLocation();
  return <output data-testid="where">{search}</output>;
}

const page = (path = PAGE) =>
  renderWithProviders(
    <>
      <ImportPage />
      <Where />
    </>,
    path,
  );

async function choose(user: ReturnType<typeof userEvent.setup>, box: HTMLElement, option: string) {
  await user.click(box);
  const list = await waitFor(() => document.getElementById(box.getAttribute('aria-controls') ?? '')!);
  await user.click(within(list).getByRole('option', { name: option, hidden: true }));
}

describe('ImportPage', () => {
  it('walks the source, the files and the check, and shows the dry run as nothing written yet', async () => {
    const user = userEvent.setup();
    const sent = fakeApi((method, url) => {
      if (method === 'POST' && url === '/api/mystudio/imports') return answer(importCalls.check, checked());
      return common(method, url);
    });
    page();

    await user.click(await screen.findByRole('radio', { name: 'Jackrabbit' }));
    await user.click(screen.getByRole('button', { name: /Next: the files/ }));
    expect(screen.getByText('In Jackrabbit, export Families and Students as CSV.')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Check the files/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, [
      new File(['Family ID,Family Name,Email\n1,Lee,ann@lee.example\n'], 'families.csv', {
        type: 'text/csv',
      }),
      new File(['First,Birthday\nMia,03/04/2019\n'], 'students.csv', { type: 'text/csv' }),
    ]);
    const files = await screen.findByRole('list', { name: 'Files to import' });
    expect(within(files).getByText('families.csv')).toBeTruthy();
    expect(within(files).getByText('50 bytes')).toBeTruthy();
    await user.click(within(files).getByRole('button', { name: 'Remove students.csv' }));
    expect(within(files).queryByText('students.csv')).toBeNull();
    await user.upload(input, [new File(['First,Birthday\nMia,03/04/2019\n'], 'students.csv')]);
    await within(files).findByText('students.csv');

    await user.click(screen.getByRole('button', { name: /Check the files/ }));
    expect(await screen.findByText('A dry run: nothing has been written yet')).toBeTruthy();
    const check = sent.find((s) => s.method === 'POST');
    expect(check?.body).toEqual({
      source: 'jackrabbit',
      files: [
        {
          name: 'families.csv',
          content: 'Family ID,Family Name,Email\n1,Lee,ann@lee.example\n',
          encoding: 'text',
        },
        { name: 'students.csv', content: 'First,Birthday\nMia,03/04/2019\n', encoding: 'text' },
      ],
    });
    expect(screen.getByTestId('where').textContent).toBe(`?batch=${BATCH_ID}`);

    const families = screen.getByTestId('totals-families');
    expect(within(families).getByText('2 new')).toBeTruthy();
    expect(within(screen.getByTestId('totals-dancers')).getByText('1 refused')).toBeTruthy();
    expect(screen.getByTestId('balances-owed').textContent).toBe('$1,234.50');
    expect(screen.getByTestId('balances-credit').textContent).toBe('$20.00');
    expect(screen.getByTestId('balances-net').textContent).toBe('$1,214.50');
  });

  it('asks the name of another system, and sends the files of an XLSX as base64', async () => {
    const user = userEvent.setup();
    const sent = fakeApi((method, url) => {
      if (method === 'POST' && url === '/api/mystudio/imports')
        return answer(importCalls.check, checked({ source: 'Akada', sourceName: 'Akada' }));
      if (url === '/api/mystudio/imports/setup')
        return answer(importCalls.setup, {
          ...setup,
          kept: [{ source: 'akada', kind: 'families', mapping: { Surname: 'lastName' } }],
        });
      return common(method, url);
    });
    page();
    await user.click(await screen.findByRole('radio', { name: 'Another system or a spreadsheet' }));
    await user.click(screen.getByRole('button', { name: /Next: the files/ }));
    expect(await screen.findByText('Give the name of the system the files come from.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /Name of your system/ }), 'Akada');
    await user.click(screen.getByRole('button', { name: /Next: the files/ }));
    expect(
      screen.getByText(
        'The columns you mapped before for families files from Akada are kept: the check applies them.',
      ),
    ).toBeTruthy();
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, [new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], 'export.xlsx')]);
    await screen.findByText('export.xlsx');
    await user.click(screen.getByRole('button', { name: /Check the files/ }));
    await screen.findByText('A dry run: nothing has been written yet');
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({
      source: 'Akada',
      files: [{ name: 'export.xlsx', content: 'UEsDBA==', encoding: 'base64' }],
    });
  });

  it('opens the mapping of a file with a missing column and checks again with the columns chosen', async () => {
    const user = userEvent.setup();
    const missing = checked({
      ready: false,
      files: [
        {
          name: 'families.csv',
          kind: 'families',
          rows: 1,
          headers: ['Family ID', 'Surname', 'Email'],
          mapping: { 'Family ID': 'ref', Surname: '', Email: 'email' },
          missing: ['lastName'],
          problem: 'families.csv: no column gives the family name.',
        },
      ],
      totals: totals({}),
    });
    const sent = fakeApi((method, url) => {
      if (method === 'POST' && url === '/api/mystudio/imports') {
        const first = !sent.some((s, i) => s.method === 'POST' && i < sent.length - 1);
        return answer(importCalls.check, first ? missing : checked({ id: NEXT_BATCH_ID }));
      }
      if (method === 'GET' && url === `/api/mystudio/imports/${BATCH_ID}`)
        return answer(importCalls.read, missing);
      if (method === 'GET' && url === `/api/mystudio/imports/${NEXT_BATCH_ID}`)
        return answer(importCalls.read, checked({ id: NEXT_BATCH_ID }));
      if (method === 'GET' && url.startsWith(`/api/mystudio/imports/${NEXT_BATCH_ID}/rows`))
        return answer(importCalls.rows, rowPage([]));
      return common(method, url);
    });
    page();
    await user.click(await screen.findByRole('radio', { name: 'Jackrabbit' }));
    await user.click(screen.getByRole('button', { name: /Next: the files/ }));
    await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, [
      new File(['Family ID,Surname,Email\n1042,Lee,ann@lee.example\n'], 'families.csv'),
    ]);
    await screen.findByText('families.csv');
    await user.click(screen.getByRole('button', { name: /Check the files/ }));

    const columns = await screen.findByRole('region', { name: 'Columns of families.csv' }, { timeout: 5000 });
    expect(within(columns).getByText('families.csv: no column gives the family name.')).toBeTruthy();
    expect(within(columns).getByTestId('mapping-missing').textContent).toMatch(/No column fills Family name/);
    // Each column shows a value of the file.
    expect(within(columns).getByText('e.g. Lee')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);

    await choose(
      user,
      within(columns).getByRole('textbox', { name: 'Field for the column Surname' }),
      'Family name (required)',
    );
    expect(within(columns).queryByTestId('mapping-missing')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Check again' }));

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`?batch=${NEXT_BATCH_ID}`));
    const again = sent.filter((s) => s.method === 'POST').at(-1);
    expect(again?.body).toEqual({
      source: 'jackrabbit',
      files: [
        {
          name: 'families.csv',
          content: 'Family ID,Surname,Email\n1042,Lee,ann@lee.example\n',
          encoding: 'text',
          kind: 'families',
          mapping: { Surname: 'lastName' },
        },
      ],
    });
  });

  it('opens the rows on the refused ones: file, row number and sentence; filters by fate and kind', async () => {
    const user = userEvent.setup();
    const sent = fakeApi(common);
    page(`${PAGE}?batch=${BATCH_ID}`);
    const rows = await screen.findByTestId('import-rows', {}, { timeout: 5000 });
    expect(within(rows).getByText('students.csv')).toBeTruthy();
    expect(within(rows).getByText('4')).toBeTruthy();
    expect(within(rows).getByText('The birth date 03/04/2099 is in the future.')).toBeTruthy();
    expect(sent.some((s) => s.url === `/api/mystudio/imports/${BATCH_ID}/rows?page=1&fate=refused`)).toBe(
      true,
    );
    expect(screen.getByText(/1 row is refused and will not be imported/)).toBeTruthy();

    await choose(user, screen.getByRole('textbox', { name: 'Kind' }), 'Dancers');
    await waitFor(() =>
      expect(
        sent.some((s) => s.url === `/api/mystudio/imports/${BATCH_ID}/rows?page=1&fate=refused&kind=dancers`),
      ).toBe(true),
    );
    await choose(user, screen.getByRole('textbox', { name: 'Show' }), 'Every row');
    await waitFor(() =>
      expect(sent.some((s) => s.url === `/api/mystudio/imports/${BATCH_ID}/rows?page=1&kind=dancers`)).toBe(
        true,
      ),
    );
  });

  it('imports after a confirm, reads the progress while the run is pending, then shows what was written', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let state: 'checked' | 'importing' | 'imported' = 'checked';
    const imported = checked({ status: 'imported', importedAt: '2026-11-29T16:05:00.000Z' });
    const sent = fakeApi(async (method, url) => {
      if (method === 'POST' && url === `/api/mystudio/imports/${BATCH_ID}/run`) {
        state = 'importing';
        await done;
        state = 'imported';
        return answer(importCalls.run, { msg: 'Imported: 2 families, 2 dancers.', batch: imported });
      }
      if (method === 'GET' && url === `/api/mystudio/imports/${BATCH_ID}`)
        return answer(
          importCalls.read,
          state === 'importing'
            ? checked({ status: 'importing', progress: { done: 40, total: 100 } })
            : state === 'imported'
              ? imported
              : checked(),
        );
      return common(method, url);
    });
    page(`${PAGE}?batch=${BATCH_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import now?' });
    expect(within(dialog).getByText(/2 new families, 2 new dancers/)).toBeTruthy();
    expect(within(dialog).getByText(/No e-mail goes to the families/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Import now' }));

    const bar = await screen.findByRole('progressbar', { name: 'Importing' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'));
    expect(screen.getByText(/40 of 100 rows written/)).toBeTruthy();
    const reads = sent.filter((s) => s.url === `/api/mystudio/imports/${BATCH_ID}`).length;
    expect(reads).toBeGreaterThanOrEqual(2);

    finish();
    expect(await screen.findByText('Imported from Jackrabbit')).toBeTruthy();
    expect(await screen.findByText('Imported: 2 families, 2 dancers.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Invite the families/ }).getAttribute('href')).toBe(
      '/accounts/admin/myStudio/import/invitations',
    );
    // Without a class yet, the imported families are on the incomplete list.
    expect(screen.getByRole('link', { name: 'See the families' }).getAttribute('href')).toBe(
      '/accounts/admin/accounts?status=incomplete',
    );
  });

  it('says why the import failed, that nothing was written, and keeps the dry run', async () => {
    fakeApi((method, url) =>
      method === 'GET' && url === `/api/mystudio/imports/${BATCH_ID}`
        ? answer(
            importCalls.read,
            checked({ status: 'failed', failure: 'Row 3 of families.csv: the e-mail is taken.' }),
          )
        : common(method, url),
    );
    page(`${PAGE}?batch=${BATCH_ID}`);
    expect(await screen.findByText('The import failed: nothing was written')).toBeTruthy();
    expect(screen.getByText('Row 3 of families.csv: the e-mail is taken.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Start over' })).toBeTruthy();
  });
});
