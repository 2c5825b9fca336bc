/**
 * Reads a stopped gateway's SQLite file to check that every stream was billed: one consumption log per
 * request with the upstream's completion tokens, and the user's and key's counters equal to the sum of
 * the logged quota.
 */
import Database from 'better-sqlite3';
import { LogType } from '../../common/statuses.ts';

export interface BillingExpectation {
  userId: number;
  tokenId: number;
  initialUserQuota: number;
  requests: number;
  completionTokensPerRequest: number;
}

export interface BillingReport {
  consumptionLogs: number;
  logsWithExpectedCompletionTokens: number;
  loggedQuota: number;
  userUsedQuota: number;
  userQuotaSpent: number;
  tokenUsedQuota: number;
  userRequestCount: number;
  passed: boolean;
  problems: string[];
}

interface LogTotals {
  logs: number;
  matching: number | null;
  quota: number | null;
}

interface UserCounters {
  quota: number;
  used_quota: number;
  request_count: number;
}

export function checkBilling(databasePath: string, expected: BillingExpectation): BillingReport {
  const database = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    const totals = database
      .prepare(
        `select count(*) as logs,
                sum(case when completion_tokens = ? then 1 else 0 end) as matching,
                sum(quota) as quota
           from logs where type = ? and user_id = ? and token_id = ?`,
      )
      .get(
        expected.completionTokensPerRequest,
        LogType.consume,
        expected.userId,
        expected.tokenId,
      ) as LogTotals;
    const user = database
      .prepare('select quota, used_quota, request_count from users where id = ?')
      .get(expected.userId) as UserCounters;
    const token = database.prepare('select used_quota from tokens where id = ?').get(expected.tokenId) as {
      used_quota: number;
    };
    const report: BillingReport = {
      consumptionLogs: totals.logs,
      logsWithExpectedCompletionTokens: totals.matching ?? 0,
      loggedQuota: totals.quota ?? 0,
      userUsedQuota: user.used_quota,
      userQuotaSpent: expected.initialUserQuota - user.quota,
      tokenUsedQuota: token.used_quota,
      userRequestCount: user.request_count,
      passed: false,
      problems: [],
    };
    const { problems } = report;
    if (report.consumptionLogs !== expected.requests)
      problems.push(`${report.consumptionLogs} consumption logs for ${expected.requests} streams`);
    if (report.logsWithExpectedCompletionTokens !== expected.requests)
      problems.push(
        `${report.logsWithExpectedCompletionTokens} logs carry ${expected.completionTokensPerRequest} completion tokens`,
      );
    if (report.loggedQuota <= 0) problems.push('the logs charge no quota');
    if (report.userUsedQuota !== report.loggedQuota)
      problems.push(`user used_quota ${report.userUsedQuota} ≠ logged quota ${report.loggedQuota}`);
    if (report.userQuotaSpent !== report.loggedQuota)
      problems.push(`user quota fell by ${report.userQuotaSpent} ≠ logged quota ${report.loggedQuota}`);
    if (report.tokenUsedQuota !== report.loggedQuota)
      problems.push(`key used_quota ${report.tokenUsedQuota} ≠ logged quota ${report.loggedQuota}`);
    if (report.userRequestCount !== expected.requests)
      problems.push(`user request_count ${report.userRequestCount} ≠ ${expected.requests}`);
    report.passed = problems.length === 0;
    return report;
  } finally {
    database.close();
  }
}
