import { extractPdfText } from '@kyb/testing';
import { renderBusinessReport } from './render-business-report';
import { buildMatch } from './test-support/match-fixture';
import { buildReportData } from './test-support/report-fixture';
import { failedMessage, MATCH_NOT_READ_MESSAGE, MATCH_NOTE, NO_MATCH_SCREENING_MESSAGE, NO_MATCHED_MERCHANTS_MESSAGE, reasonText, runningMessage } from './match-section';
import type { ReportMatch } from './report-data';

/** The report's text, whitespace folded, and the MATCH section's part of it (up to the score's reasons). */
async function rendered(match: ReportMatch | undefined): Promise<{ text: string; section: string }> {
  const text = (await extractPdfText(await renderBusinessReport(buildReportData({ match })))).text
    .replace(/\s+/g, ' ')
    // Each page's header and footer, which a page break puts inside the section.
    .replace(/ ?360 Business Report .*? \(UTC\)( Score config version \S+)?/g, '');
  const start = text.indexOf('MATCH screening');
  return { text, section: start < 0 ? '' : text.slice(start, text.indexOf('Why the score is not higher', start)) };
}

const completed = (overrides: Partial<NonNullable<ReportMatch['screening']>>): ReportMatch => ({ screening: { ...(buildMatch().screening as NonNullable<ReportMatch['screening']>), ...overrides } });

describe('the MATCH screening section', () => {
  it('comes after the sanctions hits and shows the result, when and by which provider, and each matched merchant with why it was listed', async () => {
    const { text, section } = await rendered(buildMatch());
    expect(text.indexOf('Sanctions screening')).toBeLessThan(text.indexOf('MATCH screening'));
    expect(section).toContain(MATCH_NOTE);
    expect(section).toContain('Result Match Provider match-pro');
    expect(section).toContain('Requested 2025-03-12T10:18:00Z Completed 2025-03-12T10:21:00Z');
    expect(section).toContain('Status COMPLETED Screening ID 2e0c4f3a-7d6b-4a5c-9e4f-3b2a1f0e9d8c');
    expect(section).toContain('Matched merchant 1: ACME INDUSTRIAL SUPPLY');
    expect(section).toContain('Reason listed 12: Payment Card Industry Data Security Standard noncompliance');
    expect(section).toContain('Terminated 2021-06-30');
    expect(section).toContain('Listed by ICA 1996 Matched on name (exact), address (sounds alike)');
  });

  it('says so plainly when no screening was run, and shows no result', async () => {
    const { section } = await rendered({ screening: null });
    expect(section).toContain(NO_MATCH_SCREENING_MESSAGE);
    expect(section).not.toContain('Result');
    expect(section).not.toContain('Matched merchant');
  });

  it('for a completed screening that matched no one, gives the result and says no terminated merchant matched', async () => {
    const { section } = await rendered(completed({ result: 'No Match', merchants: [] }));
    expect(section).toContain('Result No Match');
    expect(section).toContain(NO_MATCHED_MERCHANTS_MESSAGE);
    expect(section).not.toContain('Matched merchant 1');
  });

  it('for a screening still running or failed, says it has no result, never an older one', async () => {
    const requestedAt = new Date('2025-03-14T09:00:00.000Z');
    const running = await rendered(completed({ status: 'PROCESSING', result: null, completedAt: null, merchants: [], requestedAt }));
    expect(running.section).toContain(runningMessage(requestedAt));
    expect(running.section).toContain('is still running');
    expect(running.section).not.toContain('Result');
    const failed = await rendered(completed({ status: 'FAILED', result: null, completedAt: null, merchants: [], requestedAt }));
    expect(failed.section).toContain(failedMessage(requestedAt));
    expect(failed.section).toContain('Status FAILED');
  });

  it('when the screening was not read (data made by hand), says so rather than that none was run', async () => {
    const { section } = await rendered(undefined);
    expect(section).toContain(MATCH_NOT_READ_MESSAGE);
    expect(section).not.toContain(NO_MATCH_SCREENING_MESSAGE);
  });

  it("words a listing's reason from its code and text, either alone, or a dash", () => {
    expect(reasonText({ reasonCode: '04', reason: 'Excessive chargebacks' })).toBe('04: Excessive chargebacks');
    expect(reasonText({ reasonCode: ' 04 ', reason: '' })).toBe('04');
    expect(reasonText({ reasonCode: '', reason: 'Laundering' })).toBe('Laundering');
    expect(reasonText({ reasonCode: '', reason: ' ' })).toBe('\u2014');
  });
});
