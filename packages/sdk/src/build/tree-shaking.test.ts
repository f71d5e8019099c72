import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));

/** What plain esbuild puts in a tool's bundle that imports `names` from `specifier` and uses them. */
async function bundle(specifier: string, names: string[]): Promise<string> {
  const result = await build({
    stdin: {
      contents: `import { ${names.join(', ')} } from '${specifier}';\nconsole.log(${names.join(', ')});`,
      // resolved as the package resolves itself, through package.json "exports"
      resolveDir: packageDir,
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

describe('one call from plain esbuild', () => {
  it('login brings its own schemas and not the user-group ones', async () => {
    const code = await bundle('@dfrm/sdk/user', ['login']);
    // the login body's fields are there: the request is still validated
    expect(code.includes('phoneNumber'), 'login body schema').toBe(true);
    expect(code.includes('smsCode'), 'login body schema').toBe(true);
    // zUserGroupSaveRequest's field: another operation of the same service
    expect(code.includes('adminUserIds'), 'the user-group save schema').toBe(false);
  });

  it('getCourseList brings its own schemas and not the notice ones', async () => {
    const code = await bundle('@dfrm/sdk/tms', ['getCourseList']);
    expect(code.includes('/tms-server/courseMgr/getCourseList'), 'the operation').toBe(true);
    expect(code.includes('courseName'), 'the course list schema').toBe(true);
    // zAnnounce's fields: notices are another area of tms
    expect(code.includes('announceId'), 'the notice schemas').toBe(false);
    expect(code.includes('publishedAt'), 'the notice schemas').toBe(false);
  });
});
