/**
 * The generated OpenAPI document is clean under Redocly's `recommended` rules: no errors and no
 * warnings (servers, license, tag descriptions, an operationId and a 4XX answer for every
 * operation…). The pinned @redocly/cli lints it as an integrator's tooling would.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi';

const CLI = resolve(import.meta.dirname, '../../../node_modules/@redocly/cli/bin/cli.js');

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: { ruleId: string; severity: string; message: string }[];
}

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stockroom-openapi-lint-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function lint(document: OpenApiDocument, name: string): Promise<LintReport> {
  const file = join(dir, `${name}.json`);
  await writeFile(file, JSON.stringify(document));
  // Exit code 1 when it finds errors: the report on standard output says what they are.
  const run = promisify(execFile)(
    process.execPath,
    [CLI, 'lint', '--extends=recommended', '--format=json', file],
    {
      cwd: dir,
      // No telemetry and no update check: the test talks to nothing outside this machine.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  ).catch((error: { stdout?: string; stderr?: string }) => {
    if (!error.stdout) throw new Error(`redocly lint did not report:\n${error.stderr ?? ''}`);
    return { stdout: error.stdout };
  });
  return JSON.parse((await run).stdout) as LintReport;
}

describe('the OpenAPI document under Redocly recommended', () => {
  it('has no errors and no warnings', async () => {
    const report = await lint(buildOpenApiDocument(), 'stockroom');
    expect(report.problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('the lint does find problems (a document without servers and operationIds)', async () => {
    const { servers: _servers, ...document } = buildOpenApiDocument();
    const paths = document['paths'] as Record<string, Record<string, Record<string, unknown>>>;
    for (const item of Object.values(paths))
      for (const op of Object.values(item)) delete op['operationId'];
    const report = await lint(document, 'broken');
    const rules = new Set(report.problems.map((p) => p.ruleId));
    expect(rules).toEqual(new Set(['no-empty-servers', 'operation-operationId']));
    expect(report.totals.errors).toBe(1);
  });
});
