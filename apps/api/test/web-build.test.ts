import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILD_STAMP, readBuildState, whyBuild } from '../../../scripts/web-build';

const at = (path: string, mtime: number) => ({ path, mtime });

describe('when `npm start` builds the web app (decision 041)', () => {
  it('builds when no build finished, and when a source is newer than the build', () => {
    expect(whyBuild({ stamp: null, sources: [at('apps/web/src/main.tsx', 1)] })).toBe(
      'no finished build of the web app',
    );
    expect(
      whyBuild({ stamp: 100, sources: [at('apps/web/src/a.tsx', 50), at('package-lock.json', 101)] }),
    ).toBe('package-lock.json changed since the last build');
  });

  it('does not build when every source is as old as the build or older', () => {
    expect(
      whyBuild({ stamp: 100, sources: [at('apps/web/src/a.tsx', 100), at('packages/domain/src/x.ts', 3)] }),
    ).toBe(null);
    expect(whyBuild({ stamp: 100, sources: [] })).toBe(null);
  });

  describe('reading a checkout', () => {
    let root: string;
    afterEach(() => rmSync(root, { recursive: true, force: true }));
    const file = (path: string, seconds: number) => {
      const full = join(root, path);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, '');
      utimesSync(full, seconds, seconds);
    };

    it('counts the web app, the shared package and the lock file, not the tests', () => {
      root = mkdtempSync(join(tmpdir(), 'pirouette-build-'));
      file(BUILD_STAMP, 1000);
      file('apps/web/src/main.tsx', 900);
      file('apps/web/src/app.test.tsx', 2000);
      file('apps/web/src/test/fake-api.ts', 2000);
      file('apps/api/src/main.ts', 2000);
      expect(whyBuild(readBuildState(root))).toBe(null);
      file('packages/domain/src/money.ts', 1001);
      expect(whyBuild(readBuildState(root))).toBe(
        'packages/domain/src/money.ts changed since the last build',
      );
      rmSync(join(root, BUILD_STAMP));
      expect(whyBuild(readBuildState(root))).toBe('no finished build of the web app');
    });
  });
});
