/**
 * A house a newcomer can carry on (issue 63): one lease statement for every queue (server/lib/
 * job-queue.ts), no code file over 400 lines (schema files and tests aside) and no function over
 * 200. A file or function over a limit is split along its domain (what it does), not its lines.
 * A request's own address (its protocol and Host) is read in one module, server/lib/own-address.ts.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './paths.ts';
import { nodes, parseSource } from './testing/ast.ts';

const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 200;

/** The code files git keeps: TypeScript outside tests, migrations and the schema's tables. */
const codeFiles = () =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'server', 'web', 'common'], {
    cwd: projectRoot,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => /\.tsx?$/.test(file) && !/\.(test|spec)\.tsx?$/.test(file))
    .filter((file) => !/\/migrations\//.test(file) && !/^server\/db\/schema[^/]*\.ts$/.test(file));

/** The functions of a file over the limit: their lengths by line. */
function longFunctions(fileName: string, text: string): Array<{ line: number; lines: number }> {
  const found: Array<{ line: number; lines: number }> = [];
  for (const node of nodes(parseSource(fileName, text))) {
    if (!/Function|Method/.test(node.type) || !node.loc) continue;
    const lines = node.loc.end.line - node.loc.start.line + 1;
    if (lines > MAX_FUNCTION_LINES) found.push({ line: node.loc.start.line, lines });
  }
  return found;
}

/** A request's own origin built by hand: `${request.protocol}://${request.host}`. */
const OWN_ORIGIN = /\.protocol\s*\}:\/\/\$\{\s*\w+\.host(?:name)?\s*\}/;

/** A lease statement: rows taken with `FOR UPDATE … SKIP LOCKED`. */
const LEASE = /for\s+update[\s\S]{0,80}?skip\s+locked/gi;

describe('the structure of the code', () => {
  const files = codeFiles();
  const text = new Map(files.map((file) => [file, readFileSync(`${projectRoot}/${file}`, 'utf8')]));

  it('has one lease statement, in the job queue', () => {
    const leases = files.filter((file) => (text.get(file)?.match(LEASE) ?? []).length > 0);
    expect(leases).toEqual(['server/lib/job-queue.ts']);
    expect(text.get('server/lib/job-queue.ts')?.match(LEASE)).toHaveLength(1);
  });

  it("reads a request's own address in one module", () => {
    const built = files.filter((file) => OWN_ORIGIN.test(text.get(file) ?? ''));
    expect(built).toEqual(['server/lib/own-address.ts']);
    const handBuilt = ['new URL(path, `$', '{request.protocol}://$', '{request.host}`)'].join('');
    expect(OWN_ORIGIN.test(handBuilt)).toBe(true);
  });

  it('keeps code files within 400 lines', () => {
    const large = files.filter((file) => (text.get(file) ?? '').split('\n').length - 1 > MAX_FILE_LINES);
    expect(large).toEqual([]);
  });

  it('keeps functions within 200 lines', () => {
    const long = files.flatMap((file) =>
      longFunctions(file, text.get(file) ?? '').map(({ line, lines }) => `${file}:${line} (${lines} lines)`),
    );
    expect(long).toEqual([]);
  });

  it('finds a long function, a method and an arrow alike', () => {
    const body = Array.from({ length: MAX_FUNCTION_LINES }, (_, at) => `  const a${at} = ${at};`).join('\n');
    expect(longFunctions('a.ts', `function f() {\n${body}\n}`)).toEqual([{ line: 1, lines: 202 }]);
    expect(longFunctions('a.ts', `const f = () => {\n${body}\n};`)).toHaveLength(1);
    expect(longFunctions('a.ts', `class A {\n m() {\n${body}\n }\n}`)).toHaveLength(1);
    expect(longFunctions('a.ts', 'const f = () => 1;')).toEqual([]);
  });
});
