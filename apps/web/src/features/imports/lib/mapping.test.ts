import type { ImportFileSummary } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import type { PickedFile } from './files';
import { changesOf, checkInput, doubledOf, editOf, type Field, missingOf } from './mapping';

const file: ImportFileSummary = {
  name: 'families.csv',
  kind: 'families',
  rows: 3,
  headers: ['Family ID', 'Family Name', 'Email', 'Cell'],
  mapping: { 'Family ID': 'ref', 'Family Name': 'lastName', Email: 'email', Cell: '' },
  missing: [],
  problem: null,
};

const picked = (name: string): PickedFile => ({
  name,
  size: 10,
  content: 'x',
  encoding: 'text',
  samples: {},
});

const fields: Field[] = [
  { key: 'ref', label: 'Id in the old system', required: false, hint: '' },
  { key: 'lastName', label: 'Family name', required: true, hint: '' },
  { key: 'email', label: 'E-mail', required: false, hint: '' },
  { key: 'phone', label: 'Phone', required: false, hint: '' },
];

describe('the mapping the owner sends', () => {
  it('sends nothing for a file the owner left as the check read it', () => {
    expect(changesOf(file, editOf(file))).toEqual({});
    expect(changesOf(file, undefined)).toEqual({});
  });

  it('sends the kind and only the headers the owner changed', () => {
    const edit = editOf(file);
    edit.mapping.Cell = 'phone';
    edit.mapping.Email = '';
    expect(changesOf(file, edit)).toEqual({ kind: 'families', mapping: { Email: '', Cell: 'phone' } });
  });

  it('sends only the new kind when the owner says the file holds another kind', () => {
    expect(changesOf(file, { kind: 'dancers', mapping: { Cell: 'phone' } })).toEqual({ kind: 'dancers' });
  });

  it('builds "Check again": every file added, the changes of those the owner changed', () => {
    const dancers: ImportFileSummary = {
      ...file,
      name: 'dancers.csv',
      kind: 'dancers',
      mapping: {},
      headers: [],
    };
    const edit = { ...editOf(file), mapping: { ...editOf(file).mapping, Cell: 'phone' } };
    expect(
      checkInput('jackrabbit', [picked('families.csv'), picked('dancers.csv')], [file, dancers], {
        'families.csv': edit,
      }),
    ).toEqual({
      source: 'jackrabbit',
      files: [
        {
          name: 'families.csv',
          content: 'x',
          encoding: 'text',
          kind: 'families',
          mapping: { Cell: 'phone' },
        },
        { name: 'dancers.csv', content: 'x', encoding: 'text' },
      ],
    });
  });

  it('says which requirement no column meets, each alternative named', () => {
    const requirements = [
      [['lastName'], ['parentName']],
      [['ref'], ['email']],
      [['timeStart', 'timeEnd'], ['times']],
    ];
    const all: Field[] = [
      ...fields,
      { key: 'parentName', label: 'Parent name', required: false, hint: '' },
      { key: 'timeStart', label: 'Start time', required: true, hint: '' },
      { key: 'timeEnd', label: 'End time', required: true, hint: '' },
      { key: 'times', label: 'Times', required: false, hint: '' },
    ];
    const edit = { kind: 'families' as const, mapping: { A: 'parentName', B: 'email', C: 'timeStart' } };
    expect(missingOf(all, edit, requirements)).toEqual(['Start time and End time (or Times)']);
    expect(missingOf(all, { ...edit, mapping: { C: 'times' } }, requirements)).toEqual([
      'Family name (or Parent name)',
      'Id in the old system (or E-mail)',
    ]);
  });

  it('says which required field no column fills, and which field two columns fill', () => {
    const edit = editOf(file);
    expect(missingOf(fields, edit)).toEqual([]);
    edit.mapping['Family Name'] = '';
    edit.mapping.Cell = 'email';
    expect(missingOf(fields, edit)).toEqual(['Family name']);
    expect(doubledOf(fields, edit)).toEqual(['E-mail']);
  });
});
