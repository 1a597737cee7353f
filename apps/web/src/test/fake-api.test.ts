import { genreCalls } from '@pirouette/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, callFor, checkFakeAnswer, takeFakeProblems } from './fake-api';

afterEach(() => {
  takeFakeProblems();
});

describe('the fake server checks its answers against the declared calls', () => {
  it('finds the declared call of a request, a fixed path before a parameter', () => {
    expect(callFor('GET', '/api/mystudio/genres?all=1')).toBe(genreCalls.list);
    expect(callFor('put', '/api/mystudio/genres/abc/retire')).toBe(genreCalls.retire);
    expect(callFor('PUT', '/api/mystudio/genres/abc')).toBe(genreCalls.rename);
    expect(callFor('DELETE', '/api/mystudio/genres/abc')).toBeUndefined();
  });

  it('lets an answer the server could give through', () => {
    const [status, body] = answer(genreCalls.list, [{ id: 'g1', name: 'Jazz', retired: false, order: 1 }]);
    checkFakeAnswer('GET', '/api/mystudio/genres', status, body);
    expect(takeFakeProblems()).toEqual([]);
  });

  it('reports an answer the server would never give, naming the field', () => {
    checkFakeAnswer('GET', '/api/mystudio/genres', 200, [true, [{ id: 'g1', name: 'Jazz', order: 1 }]]);
    const problems = takeFakeProblems();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('GET /api/mystudio/genres');
    expect(problems[0]).toContain('0.retired');
  });

  it('leaves refusals alone: they are envelopes of a message, whatever the call', () => {
    checkFakeAnswer('PUT', '/api/mystudio/genres/abc', 409, [false, 'This genre already exists.']);
    checkFakeAnswer('PUT', '/api/mystudio/genres/abc', 200, [false, 'This genre already exists.']);
    expect(takeFakeProblems()).toEqual([]);
  });
});
