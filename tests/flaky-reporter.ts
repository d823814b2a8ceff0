import { appendFileSync, mkdirSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

/**
 * Browser and multi-process tests get one retry (vitest.config.ts). A test that passed only on
 * its retry is not hidden: it is printed at the end of the run and appended to .tmp/flaky-tests.txt,
 * which .ci/run prints beside its count.
 */
export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(testCase: TestCase): void {
    const diagnostic = testCase.diagnostic();
    if (!diagnostic?.flaky) return;
    const where = relative(process.cwd(), testCase.module.moduleId);
    this.flaky.push(`flaky (passed on retry ${diagnostic.retryCount}): ${where} > ${testCase.fullName}`);
  }

  onTestRunEnd(): void {
    if (this.flaky.length === 0) return;
    mkdirSync('.tmp', { recursive: true });
    appendFileSync('.tmp/flaky-tests.txt', this.flaky.map((line) => `${line}\n`).join(''));
    console.log(`\n${this.flaky.join('\n')}`);
    this.flaky.length = 0;
  }
}
