#!/usr/bin/env node
/*
 * Adds up the JSON results every project's Jest run wrote (reports/jest/<project>.json) and
 * prints "N passed, N failed". A suite that failed to run counts as a failure, and so does a
 * project with a test target that wrote no results. Names each failed test (with the first line
 * of its message) just before that line, so the tail of a long CI log still says what failed.
 * Exits 1 when anything failed.
 */
const { readdirSync, readFileSync, existsSync } = require('node:fs');
const { join } = require('node:path');
const { execSync } = require('node:child_process');

/** The first non-empty line of a failure message, without colour codes, at most 300 characters. */
function firstLine(text) {
  const plain = String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  return (plain.split('\n').find((l) => l.trim() !== '') ?? '').trim().slice(0, 300);
}

const dir = process.argv[2] ?? 'reports/jest';
const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
let passed = 0;
let failed = 0;
const named = [];
for (const file of files) {
  const result = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  passed += result.numPassedTests;
  failed += result.numFailedTests + result.numRuntimeErrorTestSuites;
  for (const suite of result.testResults) {
    const where = suite.name.replace(`${process.cwd()}/`, '');
    const failures = suite.assertionResults.filter((a) => a.status === 'failed');
    for (const a of failures) named.push(`${where} :: ${a.fullName} :: ${firstLine(a.failureMessages.join('\n'))}`);
    if (failures.length === 0 && suite.status === 'failed') named.push(`${where} :: (the file did not run) :: ${firstLine(suite.message)}`);
  }
  const pending = result.numPendingTests + result.numTodoTests;
  if (pending > 0) {
    console.log(`${file}: ${pending} skipped or todo tests count as failures`);
    failed += pending;
  }
}
const projects = execSync('npx nx show projects --with-target test', { encoding: 'utf8' }).split('\n').filter(Boolean);
const missing = projects.filter((p) => !files.includes(`${p}.json`));
if (missing.length > 0) {
  console.log(`no test results from: ${missing.join(', ')}`);
  failed += missing.length;
}
for (const line of named) console.log(`FAILED ${line}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
